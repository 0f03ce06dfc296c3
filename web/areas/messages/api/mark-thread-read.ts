import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import type { ThreadData } from './get-thread';
import { messagesKeys } from './query-keys';
import { clearConversationUnread, markThreadMessagesRead } from './thread-cache';

export function markThreadRead(partnerId: string): Promise<{ updated: number }> {
  return call(api.messages.threads[':partnerId'].read.$post({ param: { partnerId } }));
}

/** Marks everything `partnerId` sent the viewer as read (opening the thread, or a new message in it). */
export function useMarkThreadRead(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markThreadRead(partnerId),
    onSuccess: ({ updated }) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<ThreadData>(messagesKeys.thread(partnerId), (data) =>
        data ? markThreadMessagesRead(data, partnerId, readAt) : data,
      );
      clearConversationUnread(queryClient, partnerId);
      if (updated > 0) {
        void queryClient.invalidateQueries({ queryKey: messagesKeys.unread() });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.inquiries() });
      }
    },
  });
}
