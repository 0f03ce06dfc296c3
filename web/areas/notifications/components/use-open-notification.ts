import { useNavigate } from 'react-router';
import type { Notification } from '@common/notifications/model';
import { useMarkNotificationRead } from '../api/mark-notifications-read';

/** Clicking a notification: mark it read (if it is not) and go where it points. */
export function useOpenNotification(onDone?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    onDone?.();
    // Only app paths: a link is never followed off the site.
    if (notification.link?.startsWith('/') && !notification.link.startsWith('//')) {
      void navigate(notification.link);
    }
  };
}
