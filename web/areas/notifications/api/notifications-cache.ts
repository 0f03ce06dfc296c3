import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { countsOnBell } from '@common/notifications/bell';
import type { Notification, NotificationPage } from '@common/notifications/model';
import { notificationsKeys } from './query-keys';

type ListData = InfiniteData<NotificationPage, string | null>;

function markPage(page: NotificationPage, ids: Set<string> | 'all'): NotificationPage {
  let changed = 0;
  let flipped = 0;
  const items = page.items.map((item) => {
    if (item.read || (ids !== 'all' && !ids.has(item.id))) return item;
    changed += 1;
    if (countsOnBell(item.type)) flipped += 1;
    return { ...item, read: true };
  });
  if (changed === 0) return page;
  const unreadCount = ids === 'all' ? 0 : Math.max(0, page.unreadCount - flipped);
  return { ...page, items, unreadCount };
}

/** Shows notifications as read at once in the dropdown and the page (the server confirms later). */
export function markNotificationsReadInCache(queryClient: QueryClient, ids: string[] | 'all'): void {
  const set = ids === 'all' ? 'all' : new Set(ids);
  queryClient.setQueryData<NotificationPage>(notificationsKeys.summary(), (data) =>
    data ? markPage(data, set) : data,
  );
  queryClient.setQueryData<ListData>(notificationsKeys.list(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => markPage(page, set));
    // Every page carries the same total unread count: keep them equal to the first page's.
    const unreadCount = pages[0]?.unreadCount ?? 0;
    return { ...data, pages: pages.map((page) => ({ ...page, unreadCount })) };
  });
}

/** Puts a new (or coalesced) notification on top of the cached lists. */
export function putNotificationInCache(queryClient: QueryClient, notification: Notification): void {
  const prepend = (page: NotificationPage): NotificationPage => {
    const existing = page.items.find((item) => item.id === notification.id);
    const isNewUnread =
      countsOnBell(notification.type) && !notification.read && !(existing && !existing.read);
    return {
      ...page,
      items: [notification, ...page.items.filter((item) => item.id !== notification.id)],
      unreadCount: page.unreadCount + (isNewUnread ? 1 : 0),
    };
  };
  queryClient.setQueryData<NotificationPage>(notificationsKeys.summary(), (data) =>
    data ? prepend(data) : data,
  );
  queryClient.setQueryData<ListData>(notificationsKeys.list(), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return { ...data, pages: [prepend(first), ...rest] };
  });
}
