import { lazy } from 'react';
import type { Viewer } from '@web/lib/me';
import { DeferredMenu } from '@web/components/deferred-menu';
import { useUnreadCounts } from '../api/get-unread-counts';
import { MessagesTrigger } from './messages-trigger';

const loadDropdown = () => import('./messages-dropdown');
const MessagesDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.MessagesDropdown })));

/** The messages button; the dropdown's code loads on first use. */
export function MessagesMenu({ viewer }: { viewer: Viewer }) {
  const { data } = useUnreadCounts();
  return (
    <DeferredMenu
      popup="dialog"
      preload={loadDropdown}
      menu={<MessagesDropdown viewerId={viewer.id} defaultOpen />}
      renderTrigger={(props) => <MessagesTrigger count={data?.messages ?? 0} {...props} />}
    />
  );
}
