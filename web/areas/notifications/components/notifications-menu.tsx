import { lazy } from 'react';
import type { Viewer } from '@web/lib/me';
import { DeferredMenu } from '@web/components/deferred-menu';
import { useNotificationsSummary } from '../api/get-notifications';
import { NotificationsTrigger } from './notifications-trigger';

const loadDropdown = () => import('./notifications-dropdown');
const NotificationsDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.NotificationsDropdown })));

/** The bell; the dropdown's code loads on first use. */
export function NotificationsMenu(_props: { viewer: Viewer }) {
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
