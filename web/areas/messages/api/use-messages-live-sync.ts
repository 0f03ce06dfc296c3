import { useQueryClient } from '@tanstack/react-query';
import { settingsQueryOptions } from '@web/areas/settings/public';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { playNewMessageSound } from '../lib/new-message-sound';
import { messagesKeys } from './query-keys';
import { useOutboxLiveSync } from './use-outbox-live-sync';
import {
  clearConversationUnread,
  countNewMessageAsUnread,
  markThreadMessagesRead,
  putMessageInThread,
  updateThread,
} from './thread-cache';

/**
 * Keeps the messages caches live for the whole tab: new messages go straight into a loaded
 * thread (deduplicated), read receipts flip ticks, and lists and counts refetch.
 */
export function useMessagesLiveSync(viewerId: string) {
  const queryClient = useQueryClient();
  useOutboxLiveSync(viewerId);
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

  useRealtimeEvent('message.created', ({ message }) => {
    putMessageInThread(queryClient, viewerId, message);
    invalidate(messagesKeys.conversationLists());
    if (message.receiverId === viewerId && message.senderId !== viewerId) {
      // The new-message sound, unless switched off in Settings (read once, then from the cache
      // the Settings page keeps up to date).
      void queryClient
        .fetchQuery({ ...settingsQueryOptions(), staleTime: Infinity })
        .then((settings) => settings.messageSound && playNewMessageSound())
        .catch(() => undefined);
    }
    if (message.receiverId === viewerId) {
      // A new message is one more unread (and one more unread inquiry if it is one), as the
      // server counts them: kept without asking, unless there is no count yet or one is on its way.
      if (!countNewMessageAsUnread(queryClient, message)) invalidate(messagesKeys.unread());
      if (message.inquiry) invalidate(messagesKeys.inquiries());
    }
  });

  useRealtimeEvent('message.read', ({ readerId, partnerId, readAt, messageIds }) => {
    if (readerId === viewerId) {
      // I read partnerId's messages (maybe in another tab).
      updateThread(queryClient, partnerId, (data) =>
        markThreadMessagesRead(data, partnerId, readAt, messageIds),
      );
      clearConversationUnread(queryClient, partnerId);
      invalidate(messagesKeys.unread());
      invalidate(messagesKeys.inquiries());
    } else {
      // readerId read what I sent them: the ticks turn to "Read".
      updateThread(queryClient, readerId, (data) =>
        markThreadMessagesRead(data, viewerId, readAt, messageIds),
      );
      invalidate(messagesKeys.conversationLists());
    }
  });

  useRealtimeEvent('resync', () => invalidate(messagesKeys.all));
}
