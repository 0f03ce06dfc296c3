import { lazy } from 'react';
import { useUnreadCounts } from '@web/areas/messages/api/get-unread-counts';
import { MessagesTrigger } from '@web/areas/messages/components/messages-trigger';
import { DeferredMenu } from './deferred-menu';

const loadDropdown = () => import('@web/areas/messages/components/messages-dropdown');
const MessagesDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.MessagesDropdown })));

/** The messages button; the dropdown's code loads on first use. */
export function MessagesMenu({ viewerId }: { viewerId: string }) {
  const { data } = useUnreadCounts();
  return (
    <DeferredMenu
      popup="dialog"
      preload={loadDropdown}
      menu={<MessagesDropdown viewerId={viewerId} defaultOpen />}
      renderTrigger={(props) => <MessagesTrigger count={data?.messages ?? 0} {...props} />}
    />
  );
}
