import { Briefcase } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { badgeText } from '@common/messaging';
import { Button } from '@web/components/ui/button';
import { CountBadge } from '@web/components/ui/count-badge';
import { cn } from '@web/lib/cn';
import { useUnreadCounts } from '../api/get-unread-counts';

const loadDialog = () => import('./inquiries-dialog');
const InquiriesDialog = lazy(() => loadDialog().then((m) => ({ default: m.InquiriesDialog })));

/**
 * The top bar's business-inquiry count. On phones it only takes room when there is something
 * unread; it opens the 'Business Inquiries' dialog.
 */
export function InquiryBadge() {
  const { data } = useUnreadCounts();
  const count = data?.inquiries ?? 0;
  const [isOpen, setIsOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const warmUp = () => void loadDialog();

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={count > 0 ? `Business inquiries, ${count} unread` : 'Business inquiries'}
        aria-haspopup="dialog"
        className={cn('relative', count === 0 && 'max-sm:hidden')}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        onClick={() => {
          setIsMounted(true);
          setIsOpen(true);
        }}
      >
        <Briefcase aria-hidden="true" className="size-5" />
        <CountBadge count={count} text={badgeText(count)} />
      </Button>
      {isMounted ? (
        <Suspense fallback={null}>
          <InquiriesDialog open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
