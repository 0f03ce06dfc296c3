import { lazy } from 'react';
import { loadMessagesDropdown, MessagesTrigger, useUnreadCounts } from '@web/areas/messages/public';
import { DeferredMenu } from './deferred-menu';

const loadDropdown = loadMessagesDropdown;
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
