import type { QueryClient } from '@tanstack/react-query';
import type { ConversationPage, Message, UnreadCounts } from '@common/messages/model';
import type { InfiniteData } from '@tanstack/react-query';
import type { ThreadData } from './get-thread';
import { messagesKeys } from './query-keys';

/**
 * Pure updates of the cached thread pages (newest page first, newest message first in a page).
 * A message already there (same id, or the same clientId: the stored copy of a message this tab
 * sent) is replaced in place, so the send's answer and its realtime echo never show twice.
 */
export function upsertThreadMessage(data: ThreadData, message: Message): ThreadData {
  const isSame = (item: Message) =>
    item.id === message.id || (message.clientId !== null && item.clientId === message.clientId);
  let isReplaced = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some(isSame)) return page;
    isReplaced = true;
    return { ...page, items: page.items.map((item) => (isSame(item) ? message : item)) };
  });
  if (isReplaced) return { ...data, pages };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
}

/** Marks `senderId`'s messages read (those listed, or all sent up to `readAt`). */
export function markThreadMessagesRead(
  data: ThreadData,
  senderId: string,
  readAt: string,
  messageIds?: string[],
): ThreadData {
  const listed = messageIds ? new Set(messageIds) : null;
  const readTime = Date.parse(readAt);
  const shouldFlip = (item: Message) =>
    item.senderId === senderId &&
    !item.read &&
    (listed?.has(item.id) || !(Date.parse(item.createdAt) > readTime));
  let isChanged = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some(shouldFlip)) return page;
    isChanged = true;
    return {
      ...page,
      items: page.items.map((item) => (shouldFlip(item) ? { ...item, read: true, readAt } : item)),
    };
  });
  return isChanged ? { ...data, pages } : data;
}

/**
 * Applies a live change to the cached thread with `partnerId`, if it is loaded. A fetch of that
 * thread already under way was answered before the change and would overwrite it with older
 * data when it lands, so it is started again.
 */
export function updateThread(
  queryClient: QueryClient,
  partnerId: string,
  update: (data: ThreadData) => ThreadData,
): void {
  const queryKey = messagesKeys.thread(partnerId);
  queryClient.setQueryData<ThreadData>(queryKey, (data) => (data ? update(data) : data));
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

/** Writes a message into the cached thread with its partner, if that thread is loaded. */
export function putMessageInThread(queryClient: QueryClient, viewerId: string, message: Message): void {
  const partnerId = message.senderId === viewerId ? message.receiverId : message.senderId;
  updateThread(queryClient, partnerId, (data) => upsertThreadMessage(data, message));
}

/** Zeroes the unread count of one partner's row in every cached conversation list. */
export function clearConversationUnread(queryClient: QueryClient, partnerId: string): void {
  queryClient.setQueriesData<InfiniteData<ConversationPage, string | null>>(
    { queryKey: messagesKeys.conversationLists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((row) =>
            row.partner.id === partnerId && row.unreadCount > 0
              ? { ...row, unreadCount: 0, lastMessage: { ...row.lastMessage, read: true } }
              : row,
          ),
        })),
      },
  );
}

/**
 * A message just received counts as one more unread message (and one more unread inquiry if it is
 * one), as the server counts them. Answers false when there is no count to keep, or one is being
 * fetched (its answer may not have the message, and would overwrite it): the caller asks instead.
 */
export function countNewMessageAsUnread(queryClient: QueryClient, message: Message): boolean {
  const key = messagesKeys.unread();
  if (message.read || queryClient.isFetching({ queryKey: key, exact: true }) > 0) return false;
  let isCounted = false;
  queryClient.setQueryData<UnreadCounts>(key, (data) => {
    if (!data) return data;
    isCounted = true;
    return { messages: data.messages + 1, inquiries: data.inquiries + (message.inquiry ? 1 : 0) };
  });
  return isCounted;
}
