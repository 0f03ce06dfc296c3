import { MSG } from '@common/core/texts';
import { NOTIFICATIONS_MSG } from '@common/notifications/model';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useNotificationsList } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-notifications-read';
import { useMe } from '@web/lib/me';
import { FriendRequestAnswer, isPendingFriendRequest } from '../components/friend-request-answer';
import { NotificationItem } from '../components/notification-item';
import { useOpenNotification } from '../components/use-open-notification';
import { LoadMoreButton } from '@web/components/load-more-button';

/**
 * /notifications: every notification, newest first, a page at a time; a pending friend request is
 * answered here too (Accept / Decline), as in the bell's dropdown.
 */
export function NotificationsPage() {
  const query = useNotificationsList();
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification();
  const { viewer } = useMe();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unreadCount ?? 0;

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{NOTIFICATIONS_MSG.title}</h1>
        {unread > 0 ? (
          <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {NOTIFICATIONS_MSG.markAllReadCount(unread)}
          </Button>
        ) : null}
      </div>

      {query.isPending ? (
        <PageSpinner className="min-h-40" />
      ) : query.isError && items.length === 0 ? (
        <Card>
          <LoadError
            message={isApiError(query.error) ? query.error.message : MSG.unexpected}
            onRetry={query.refetch}
          />
        </Card>
      ) : items.length === 0 ? (
        <Card className="p-8 text-center text-muted-foreground">{NOTIFICATIONS_MSG.pageEmpty}</Card>
      ) : (
        <Card className="p-2">
          <ul aria-label={NOTIFICATIONS_MSG.title} className="flex flex-col gap-0.5">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={openNotification} />
                {viewer && isPendingFriendRequest(notification) ? (
                  <FriendRequestAnswer notification={notification} viewerId={viewer.id} />
                ) : null}
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="flex justify-center p-2">
              <LoadMoreButton onLoad={query.fetchNextPage} isLoading={query.isFetchingNextPage} />
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
