import { sql } from 'drizzle-orm';
import {
  boolean,
  primaryKey,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth';

/** Notifications. Written only through the notifications service. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    link: text('link'),
    relatedId: uuid('related_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // Notifications with the same key fold into one while unread (fifty messages, one notification).
    groupKey: text('group_key'),
    // Waiting for the batched notification mail.
    emailPending: boolean('email_pending').notNull().default(false),
    // Waiting to go out as a web push (set only when the person has a device subscribed and push on).
    pushPending: boolean('push_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_recent_idx').on(t.userId, t.updatedAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
    uniqueIndex('notifications_open_group_uq')
      .on(t.userId, t.groupKey)
      .where(sql`not ${t.read} and ${t.groupKey} is not null`),
    // The mailer finds the people with mail due and claims each one's pending rows by user_id.
    index('notifications_email_pending_user_idx')
      .on(t.userId, t.updatedAt)
      .where(sql`${t.emailPending}`),
    // The pusher claims pending rows oldest first; the index holds only the few waiting.
    index('notifications_push_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.pushPending}`),
    // No check on type: the areas register theirs (platform/notification-types.ts).
  ],
);

/** Per-person settings. A missing row means every default. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  // Privacy tab. Off: people who are not friends see only name, avatar and headline.
  profileVisible: boolean('profile_visible').notNull().default(true),
  dataCollection: boolean('data_collection').notNull().default(true),
  // The new-message sound in the browser (Notifications tab).
  messageSound: boolean('message_sound').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser's Web Push subscription (docs/decisions/016): one per device, owned by the person and tied to
 * the session that made it, so signing out (or any end of that session) removes it and a device no
 * longer signed in never receives the person's notifications.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    // The push service's URL: a device's one subscription, so unique (nobody registers another's).
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Pushing looks up one person's devices.
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Who was already told they were mentioned in a piece of content (docs/decisions/027): one row per
 * content and person, so editing the text never tells them twice. The kind is a report target's
 * type (the platform's registry of things people write). Rows stay when a mention is edited out, so
 * taking a name out and putting it back does not notify again.
 */
export const mentions = pgTable(
  'mentions',
  {
    contentKind: text('content_kind').notNull(),
    contentId: uuid('content_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The writer: their account's deletion takes their content, and these rows with it.
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentKind, t.contentId, t.userId] }),
    // The two cascades above look rows up by person.
    index('mentions_user_idx').on(t.userId),
    index('mentions_author_idx').on(t.authorId),
    check('mentions_content_kind', sql`char_length(${t.contentKind}) <= 40`),
  ],
);
