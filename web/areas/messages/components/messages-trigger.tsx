import { MessageCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { badgeText } from '@common/messaging';
import { Button } from '@web/components/ui/button';
import { CountBadge } from '@web/components/ui/count-badge';

/** The top bar's messages button with the unread count ('99+' above 99). */
export function MessagesTrigger({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
      className="relative"
      {...props}
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      <CountBadge count={count} text={badgeText(count)} />
    </Button>
  );
}
