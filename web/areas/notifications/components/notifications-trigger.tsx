import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@web/components/ui/button';
import { CountBadge } from '@web/components/ui/count-badge';
import { badgeText } from '@common/messaging';

/** The bell with the unread count ('99+' above 99). */
export function NotificationsTrigger({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      className="relative"
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      <CountBadge count={count} text={badgeText(count)} />
    </Button>
  );
}
