import { Briefcase } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { badgeText, INQUIRY_BADGE_MSG } from '@common/messages/badge';
import type { Viewer } from '@web/lib/me';
import { CountButton } from '@web/components/ui/count-button';
import { cn } from '@web/lib/cn';
import { useUnreadCounts } from '../api/get-unread-counts';

const loadDialog = () => import('./inquiries-dialog');
const InquiriesDialog = lazy(() => loadDialog().then((m) => ({ default: m.InquiriesDialog })));

/**
 * The top bar's business-inquiry count. On phones it only takes room when there is something
 * unread; it opens the 'Business Inquiries' dialog.
 */
export function InquiryBadge(_props: { viewer: Viewer }) {
  const { data } = useUnreadCounts();
  const count = data?.inquiries ?? 0;
  const [isOpen, setIsOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const warmUp = () => void loadDialog();

  return (
    <>
      <CountButton
        icon={Briefcase}
        label={INQUIRY_BADGE_MSG.inquiriesButton}
        title={INQUIRY_BADGE_MSG.inquiriesTooltip}
        count={count}
        countText={badgeText(count)}
        aria-haspopup="dialog"
        className={cn(count === 0 && 'max-sm:hidden')}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        onClick={() => {
          setIsMounted(true);
          setIsOpen(true);
        }}
      />
      {isMounted ? (
        <Suspense fallback={null}>
          <InquiriesDialog open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
