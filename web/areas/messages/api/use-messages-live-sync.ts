import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import type { ThreadData } from './get-thread';
import { messagesKeys } from './query-keys';
import { clearConversationUnread, markThreadMessagesRead, putMessageInThread } from './thread-cache';

/**
 * Keeps the messages caches live for the whole tab: new messages go straight into a loaded
 * thread (deduplicated), read receipts flip ticks, and lists and counts refetch.
 */
export function useMessagesLiveSync(viewerId: string) {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

  useRealtimeEvent('message.created', ({ message }) => {
    putMessageInThread(queryClient, viewerId, message);
    invalidate(messagesKeys.conversationLists());
    if (message.receiverId === viewerId) {
      invalidate(messagesKeys.unread());
      if (message.messageType !== 'general') invalidate(messagesKeys.inquiries());
    }
  });

  useRealtimeEvent('message.read', ({ readerId, partnerId, readAt, messageIds }) => {
    if (readerId === viewerId) {
      // I read partnerId's messages (maybe in another tab).
      queryClient.setQueryData<ThreadData>(messagesKeys.thread(partnerId), (data) =>
        data ? markThreadMessagesRead(data, partnerId, readAt, messageIds) : data,
      );
      clearConversationUnread(queryClient, partnerId);
      invalidate(messagesKeys.unread());
      invalidate(messagesKeys.inquiries());
    } else {
      // readerId read what I sent them: the ticks turn to "Read".
      queryClient.setQueryData<ThreadData>(messagesKeys.thread(readerId), (data) =>
        data ? markThreadMessagesRead(data, viewerId, readAt, messageIds) : data,
      );
      invalidate(messagesKeys.conversationLists());
    }
  });

  useRealtimeEvent('resync', () => invalidate(messagesKeys.all));
}
