import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@common/core/texts';
import { NOTIFICATIONS_MSG } from '@common/notifications/model';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { isApiError } from '@web/lib/api-client';
import { useNotificationsSummary } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-notifications-read';
import { useMe } from '@web/lib/me';
import { FriendRequestAnswer, isPendingFriendRequest } from './friend-request-answer';
import { NotificationItem } from './notification-item';
import { NotificationsTrigger } from './notifications-trigger';
import { useOpenNotification } from './use-open-notification';

/** The bell's dropdown: the newest notifications, 'Mark all as read' and a link to the page. */
export function NotificationsDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const query = useNotificationsSummary();
  const { viewer } = useMe();
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification(() => setOpen(false));
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.items ?? [];

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <NotificationsTrigger count={unread} />
      </PopoverTrigger>
      <PopoverContent aria-labelledby="notifications-dropdown-title" className="flex w-96 flex-col p-0">
        <div className="flex min-h-12 items-center justify-between gap-2 border-b border-border px-4 py-2">
          <h2 id="notifications-dropdown-title" className="text-base font-semibold">
            {NOTIFICATIONS_MSG.title}
          </h2>
          {unread > 0 ? (
            <Button variant="link" size="sm" onClick={() => markAll.mutate()}>
              {NOTIFICATIONS_MSG.markAllRead}
            </Button>
          ) : null}
        </div>
        <div className="h-[300px] max-h-[calc(100dvh-10rem)] overflow-y-auto overscroll-contain p-1">
          {query.isPending ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
              {NOTIFICATIONS_MSG.loading}
            </p>
          ) : query.isError ? (
            <p role="alert" className="px-4 py-8 text-center text-sm text-destructive-text">
              {isApiError(query.error) ? query.error.message : MSG.unexpected}
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">{NOTIFICATIONS_MSG.noneYet}</p>
          ) : (
            <ul aria-label={NOTIFICATIONS_MSG.title} className="flex flex-col gap-0.5">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onOpen={openNotification} isCompact />
                  {viewer && isPendingFriendRequest(notification) ? (
                    <FriendRequestAnswer notification={notification} viewerId={viewer.id} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-border p-2">
          <Button asChild variant="ghost" size="sm" className="w-full">
            <Link to="/notifications" onClick={() => setOpen(false)}>
              {NOTIFICATIONS_MSG.viewAll}
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
