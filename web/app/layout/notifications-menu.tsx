import { lazy } from 'react';
import { useNotificationsSummary } from '@web/areas/notifications/api/get-notifications';
import { NotificationsTrigger } from '@web/areas/notifications/components/notifications-trigger';
import { DeferredMenu } from './deferred-menu';

const loadDropdown = () => import('@web/areas/notifications/components/notifications-dropdown');
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
