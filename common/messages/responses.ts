import { z } from 'zod';
import { answers, ZIsoDate } from '../core/api-schemas';
import {
  type BusinessInquiry,
  type ChatPerson,
  type ConversationPage,
  type ConversationSummary,
  type Message,
  type ThreadPage,
  type UnreadCounts,
} from './model';

/*
 * The messages area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/messages/messages.api.ts). Each is tied to the type the service returns.
 */

export const ZChatPerson = answers<ChatPerson>()(
  z.strictObject({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isOnline: z.boolean(),
  }),
);

const messageFields = {
  id: z.string(),
  clientId: z.string().nullable(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  read: z.boolean(),
  readAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  inquiry: z.strictObject({ kind: z.string(), id: z.string() }).nullable(),
  metadata: z.strictObject({ title: z.string().optional(), link: z.string().optional() }).nullable(),
};

export const ZMessage = answers<Message>()(z.strictObject(messageFields));

export const ZConversationSummary = answers<ConversationSummary>()(
  z.strictObject({
    partner: ZChatPerson,
    lastMessage: z.strictObject({
      id: z.string(),
      senderId: z.string(),
      preview: z.string(),
      createdAt: ZIsoDate,
      read: z.boolean(),
      isInquiry: z.boolean(),
    }),
    unreadCount: z.number().int(),
  }),
);

export const ZConversationPage = answers<ConversationPage>()(
  z.strictObject({ items: z.array(ZConversationSummary), nextCursor: z.string().nullable() }),
);

/** Newest first; `nextCursor` fetches older messages. */
export const ZThreadPage = answers<ThreadPage>()(
  z.strictObject({ partner: ZChatPerson, items: z.array(ZMessage), nextCursor: z.string().nullable() }),
);

export const ZUnreadCounts = answers<UnreadCounts>()(
  z.strictObject({ messages: z.number().int(), inquiries: z.number().int() }),
);

export const ZBusinessInquiries = answers<{ items: BusinessInquiry[] }>()(
  z.strictObject({ items: z.array(z.strictObject({ ...messageFields, sender: ZChatPerson })) }),
);

/** How many messages a read call marked read. */
export const ZMessagesMarkedRead = answers<{ updated: number }>()(
  z.strictObject({ updated: z.number().int() }),
);
export type MessagesMarkedRead = z.output<typeof ZMessagesMarkedRead>;
