export type ConversationFilters = { q: string };

/**
 * Query keys of the messages area. Everything starts with 'messages' so a resync or sign-out can
 * drop the whole area with one key.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  conversationLists: () => [...messagesKeys.all, 'conversations'] as const,
  conversations: (filters: ConversationFilters) => [...messagesKeys.conversationLists(), filters] as const,
  threads: () => [...messagesKeys.all, 'thread'] as const,
  thread: (partnerId: string) => [...messagesKeys.threads(), partnerId] as const,
  unread: () => [...messagesKeys.all, 'unread'] as const,
  inquiries: () => [...messagesKeys.all, 'inquiries'] as const,
  /** The people the New message action offers for a text. */
  recipients: (q: string) => [...messagesKeys.all, 'recipients', q] as const,
  /** Mutation key of the sends to one partner: their variables are the pending messages. */
  send: (partnerId: string) => [...messagesKeys.all, 'send', partnerId] as const,
};
