import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import { messagesKeys } from './query-keys';
import { clearConversationUnread, markThreadMessagesRead, updateThread } from './thread-cache';

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
      updateThread(queryClient, partnerId, (data) => markThreadMessagesRead(data, partnerId, readAt));
      clearConversationUnread(queryClient, partnerId);
      if (updated > 0) {
        void queryClient.invalidateQueries({ queryKey: messagesKeys.unread() });
        void queryClient.invalidateQueries({ queryKey: messagesKeys.inquiries() });
      }
    },
  });
}
