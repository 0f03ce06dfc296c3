import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { badgeText } from '@common/messages/badge';
import { CountButton } from '@web/components/ui/count-button';

/** The bell with the unread count ('99+' above 99). */
export function NotificationsTrigger({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  return (
    <CountButton icon={Bell} label="Notifications" count={count} countText={badgeText(count)} {...props} />
  );
}
