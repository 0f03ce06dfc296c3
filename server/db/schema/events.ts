import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Events (docs/product-rules.md: one reading). The start is one instant (timestamptz), shown
 * in each viewer's time zone. `going_count` and `maybe_count` are kept by the RSVP transaction,
 * which holds the event's row lock (SELECT ... FOR UPDATE) while it reads and changes them, so two
 * people taking the last seat at once are serialised: one gets it, the other the waitlist.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    // Optional; when set, after the start (the calendar file and links carry it).
    endsAt: timestamp('ends_at', { withTimezone: true }),
    // An online event's meeting link (http or https only), shown to anyone who can see the event.
    meetingUrl: text('meeting_url'),
    location: text('location').notNull(),
    type: text('type').notNull().default('in_person'),
    coverPhotoUrl: text('cover_photo_url'),
    maxAttendees: integer('max_attendees'),
    goingCount: integer('going_count').notNull().default(0),
    maybeCount: integer('maybe_count').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's Upcoming (forward from now) and Past (backward) sections; cancelled ones are not listed.
    index('events_starts_idx')
      .on(t.startsAt, t.id)
      .where(sql`cancelled_at is null`),
    // A profile's My Events, by date.
    index('events_creator_idx').on(t.creatorId, t.startsAt, t.id),
    // Search's 'exact' and 'prefix' tiers (docs/decisions/013), walked in order.
    index('events_title_prefix_idx')
      .on(sql`lower(${t.title}) text_pattern_ops`, t.id)
      .where(sql`cancelled_at is null`),
    // Search's 'word' and 'contains' tiers: text inside a title.
    index('events_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('events_type', sql`${t.type} in ('in_person', 'online')`),
    check('events_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('events_max_attendees', sql`${t.maxAttendees} is null or ${t.maxAttendees} >= 1`),
    // The capacity rule, held by the database too: never more going than seats.
    check(
      'events_capacity',
      sql`${t.goingCount} >= 0 and ${t.maybeCount} >= 0 and (${t.maxAttendees} is null or ${t.goingCount} <= ${t.maxAttendees})`,
    ),
  ],
);

/**
 * One row per event and person (docs/product-rules.md: one reading): an invitation (pending) or an answer
 * (accepted, maybe, declined), plus waitlisted (said Going when full). `changed_at` is when the status last
 * changed: the guest list shows the latest first, the waitlist the earliest first.
 */
export const eventInvitations = pgTable(
  'event_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null for one's own answer without an invitation, or when the inviter's account is gone.
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_invitations_event_invitee_idx').on(t.eventId, t.inviteeId),
    // A Guest List tab (and the waitlist's first in line), paged by (changed_at, invitee).
    index('event_invitations_guests_idx').on(t.eventId, t.status, t.changedAt, t.inviteeId),
    // A profile's Attending and Invited tabs.
    index('event_invitations_invitee_idx').on(t.inviteeId, t.status),
    check(
      'event_invitations_status',
      sql`${t.status} in ('pending', 'accepted', 'maybe', 'declined', 'waitlisted')`,
    ),
  ],
);
