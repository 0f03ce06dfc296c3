import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { countsOnBell } from '@common/notifications/bell';
import type { Notification, NotificationPage } from '@common/notifications/model';
import { DROPDOWN_LIMIT } from './get-notifications';
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

/**
 * Puts a new (or coalesced) notification on top of the cached lists, with the unread count the
 * server now has: a new row (created when last updated) that counts on the bell adds one; a row
 * folded into an unread one of the same key (updated after it was created) was counted already.
 * The dropdown keeps its DROPDOWN_LIMIT newest. Answers whether the bell's summary was there to
 * update (otherwise there is nothing to keep, and the caller asks the server).
 */
export function putNotificationInCache(queryClient: QueryClient, notification: Notification): boolean {
  const isFolded = notification.updatedAt !== notification.createdAt;
  const prepend = (page: NotificationPage, limit?: number): NotificationPage => {
    const existing = page.items.find((item) => item.id === notification.id);
    const isNewUnread =
      countsOnBell(notification.type) && !notification.read && !isFolded && !(existing && !existing.read);
    const items = [notification, ...page.items.filter((item) => item.id !== notification.id)];
    return {
      ...page,
      items: limit === undefined ? items : items.slice(0, limit),
      unreadCount: page.unreadCount + (isNewUnread ? 1 : 0),
    };
  };
  let hasSummary = false;
  queryClient.setQueryData<NotificationPage>(notificationsKeys.summary(), (data) => {
    if (!data) return data;
    hasSummary = true;
    return prepend(data, DROPDOWN_LIMIT);
  });
  queryClient.setQueryData<ListData>(notificationsKeys.list(), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    const top = prepend(first);
    // Every page carries the same total unread count.
    return { ...data, pages: [top, ...rest.map((page) => ({ ...page, unreadCount: top.unreadCount }))] };
  });
  return hasSummary;
}
