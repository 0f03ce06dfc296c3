import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { InquiryRef, Message } from '@common/messages/model';
import { api, call } from '@web/lib/api';
import { messagesKeys } from './query-keys';
import { putMessageInThread } from './thread-cache';

export type SendMessageVariables = {
  receiverId: string;
  /** Made once per message by the browser; a retry of the same message sends the same one. */
  clientId: string;
  content: string;
  /** What the message is about, when it is an inquiry (a kind another area declares). */
  inquiry?: InquiryRef | null;
  /** When it was sent, for the pending bubble's position and time. */
  sentAt: string;
};

export function sendMessage({
  receiverId,
  clientId,
  content,
  inquiry,
}: SendMessageVariables): Promise<Message> {
  const json = { receiverId, clientId, content, ...(inquiry ? { inquiry } : {}) };
  return call(api.messages.$post({ json }));
}

/**
 * Sends a message to `partnerId`. While it travels it is shown from the mutation's variables
 * (usePendingMessages); on success the stored message goes into the thread before the pending
 * one disappears, so nothing flickers. A failure drops the pending message; the composer puts
 * the text back.
 */
export function useSendMessage(viewerId: string, partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: messagesKeys.send(partnerId),
    mutationFn: sendMessage,
    onSuccess: (message) => {
      putMessageInThread(queryClient, viewerId, message);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversationLists() });
    },
  });
}

/** Messages to `partnerId` still on their way, oldest first, shaped like stored ones. */
export function usePendingMessages(viewerId: string, partnerId: string): Message[] {
  return useMutationState({
    filters: { mutationKey: messagesKeys.send(partnerId), status: 'pending' },
    select: (mutation) => {
      const vars = mutation.state.variables as SendMessageVariables;
      const pending: Message = {
        id: `pending:${vars.clientId}`,
        clientId: vars.clientId,
        senderId: viewerId,
        receiverId: vars.receiverId,
        content: vars.content.trim(),
        read: false,
        readAt: null,
        createdAt: vars.sentAt,
        inquiry: vars.inquiry ?? null,
        metadata: null,
      };
      return pending;
    },
  });
}

/** On its way, or waiting in the outbox (lib/outbox.ts: ids `queued:`): not stored yet. */
export function isPendingMessage(message: Message): boolean {
  return message.id.startsWith('pending:') || message.id.startsWith('queued:');
}
