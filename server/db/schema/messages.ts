import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Direct messages. Readable only by their sender and receiver. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The pair in a fixed order, so one index serves a thread in both directions.
    userLo: uuid('user_lo')
      .notNull()
      .generatedAlwaysAs(sql`least(sender_id, receiver_id)`),
    userHi: uuid('user_hi')
      .notNull()
      .generatedAlwaysAs(sql`greatest(sender_id, receiver_id)`),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * An inquiry is about one thing of the receiver's: a kind some area declares and its id, both
     * or neither. No foreign key: the kinds live in other areas' tables, and a message keeps what it
     * was about after that thing is deleted (docs/decisions/036).
     */
    inquiryKind: text('inquiry_kind'),
    inquiryId: uuid('inquiry_id'),
    metadata: jsonb('metadata').$type<{ title?: string; link?: string }>(),
    // Made by the sending browser: a retried send finds the stored row instead of adding a second.
    clientId: uuid('client_id'),
  },
  (t) => [
    unique('messages_sender_client_uq').on(t.senderId, t.clientId),
    // A thread page: newest first (a backward scan), keyset-paged on (created_at, id), whatever the
    // thread's length. Ascending on purpose: drizzle's .desc() means NULLS LAST, which ORDER BY ... DESC
    // (NULLS FIRST) cannot use.
    index('messages_thread_idx').on(t.userLo, t.userHi, t.createdAt, t.id),
    // Marking a partner's messages read touches only the unread ones.
    index('messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`not ${t.read}`),
    // The inquiries a person received, newest first, and their unread count.
    index('messages_inquiries_idx')
      .on(t.receiverId, t.createdAt)
      .where(sql`${t.inquiryKind} is not null`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.receiverId}`),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 5000`),
    check('messages_inquiry_pair', sql`(${t.inquiryKind} is null) = (${t.inquiryId} is null)`),
  ],
);

/**
 * One row per person and partner, kept in the same transaction as each message: the contact list
 * and the unread badge read this instead of scanning every message a person ever exchanged.
 */
export const conversations = pgTable(
  'conversations',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
    /**
     * When the owner last had this chat open (set by the read call, which an open chat repeats
     * every CHAT_VIEWING_S / 2): a message arriving while it is open makes no notification.
     */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.partnerId] }),
    index('conversations_owner_recent_idx').on(t.ownerId, t.lastMessageAt, t.partnerId),
  ],
);
