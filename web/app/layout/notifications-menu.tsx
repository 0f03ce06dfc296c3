import { lazy } from 'react';
import {
  loadNotificationsDropdown,
  NotificationsTrigger,
  useNotificationsSummary,
} from '@web/areas/notifications/public';
import { DeferredMenu } from './deferred-menu';

const loadDropdown = loadNotificationsDropdown;
const NotificationsDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.NotificationsDropdown })));

/** The bell; the dropdown's code loads on first use. */
export function NotificationsMenu() {
  const { data } = useNotificationsSummary();
  return (
    <DeferredMenu
      popup="dialog"
      preload={loadDropdown}
      menu={<NotificationsDropdown defaultOpen />}
      renderTrigger={(props) => <NotificationsTrigger count={data?.unreadCount ?? 0} {...props} />}
    />
  );
}
