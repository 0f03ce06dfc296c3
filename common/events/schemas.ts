import { z } from 'zod';
import { EVENT_LISTS, EVENT_MSG, EVENT_TYPES, EVENTS, GUEST_STATUSES, RSVP_ANSWERS } from './model';

/**
 * One schema per form and query, run by both the form and the API (docs/product-rules.md: rules on the
 * server).
 */

const title = z
  .string({ error: EVENT_MSG.titleRequired })
  .trim()
  .min(1, { error: EVENT_MSG.titleRequired })
  .max(EVENTS.titleMax, { error: EVENT_MSG.titleTooLong });
const description = z
  .string()
  .trim()
  .max(EVENTS.descriptionMax, { error: EVENT_MSG.descriptionTooLong })
  .default('');
const location = z
  .string({ error: EVENT_MSG.locationRequired })
  .trim()
  .min(1, { error: EVENT_MSG.locationRequired })
  .max(EVENTS.locationMax, { error: EVENT_MSG.locationTooLong });
const type = z.enum(EVENT_TYPES).default('in_person');
const maxAttendees = z
  .number({ error: EVENT_MSG.maxInvalid })
  .int({ error: EVENT_MSG.maxInvalid })
  .min(1, { error: EVENT_MSG.maxInvalid })
  .max(EVENTS.maxAttendeesMax, { error: EVENT_MSG.maxInvalid })
  .nullable()
  .default(null);
const coverPhotoUrl = z.string().max(500).nullable().default(null);
/** An http(s) address with a host. */
export function isWebLink(s: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s) && URL.canParse(s);
}

/** An http(s) link only: anything else (javascript:, data:) would run or mislead when clicked. */
const meetingUrl = z
  .string()
  .trim()
  .max(EVENTS.meetingUrlMax, { error: EVENT_MSG.meetingUrlInvalid })
  .refine(isWebLink, { error: EVENT_MSG.meetingUrlInvalid })
  .nullable()
  .default(null);

/**
 * The create and edit form as typed: the date and time are the viewer's local wall clock; the page
 * turns them into one instant (startsAtFrom) before sending.
 */
export const ZEventForm = z.object({
  title,
  description,
  date: z
    .string({ error: EVENT_MSG.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EVENT_MSG.dateRequired }),
  time: z.string({ error: EVENT_MSG.timeRequired }).regex(/^\d{2}:\d{2}$/, { error: EVENT_MSG.timeRequired }),
  /** Empty: no end; else the same day's end, after the start. */
  endTime: z.string().regex(/^(\d{2}:\d{2})?$/, { error: EVENT_MSG.endBeforeStart }),
  /** Empty: none; a link typed without https:// is completed before it is checked. */
  meetingUrl: z
    .string()
    .trim()
    .max(EVENTS.meetingUrlMax, { error: EVENT_MSG.meetingUrlInvalid })
    .refine((s) => s === '' || isWebLink(s), { error: EVENT_MSG.meetingUrlInvalid }),
  location,
  type,
  /** The number input's text: empty is no limit. */
  maxAttendees: z
    .string()
    .trim()
    .refine((s) => s === '' || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= EVENTS.maxAttendeesMax), {
      error: EVENT_MSG.maxInvalid,
    }),
  coverPhotoUrl,
});
export type EventForm = z.infer<typeof ZEventForm>;

/** POST /api/events and PATCH /api/events/{id}: the start is an instant with its offset (timestamptz). */
export const ZEventInput = z
  .strictObject({
    title,
    description,
    startsAt: z.iso.datetime({ offset: true, error: EVENT_MSG.startsAtInvalid }),
    endsAt: z.iso.datetime({ offset: true, error: EVENT_MSG.endBeforeStart }).nullable().default(null),
    meetingUrl,
    location,
    type,
    maxAttendees,
    coverPhotoUrl,
  })
  .refine((e) => e.endsAt === null || Date.parse(e.endsAt) > Date.parse(e.startsAt), {
    error: EVENT_MSG.endBeforeStart,
    path: ['endsAt'],
  });
export type EventInput = z.infer<typeof ZEventInput>;

/** The form's local date and time as an instant (the browser's time zone), or null. */
export function startsAtFrom(date: string, time: string): string | null {
  const d = new Date(`${date}T${time}:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const ZEventId = z.object({ id: z.uuid({ error: EVENT_MSG.invalidId }) });

export const ZEventListQuery = z.object({
  list: z.enum(EVENT_LISTS, { error: EVENT_MSG.invalidList }).default('upcoming'),
  /** created and attending: whose (default the viewer). */
  user: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS.pageMax).default(EVENTS.pageSize),
});
export type EventListQuery = z.infer<typeof ZEventListQuery>;

export const ZRsvp = z.strictObject({ status: z.enum(RSVP_ANSWERS) });
export type Rsvp = z.infer<typeof ZRsvp>;

export const ZGuestQuery = z.object({
  status: z.enum(GUEST_STATUSES).default('accepted'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS.pageMax).default(EVENTS.guestPageSize),
});
export type GuestQuery = z.infer<typeof ZGuestQuery>;

export const ZCandidateQuery = z.object({
  cursor: z.string().max(200).optional(),
  /** A name (or part of one): search the organizer's connections, then their groups' members. */
  q: z.string().trim().max(EVENTS.inviteQueryMax).optional(),
});

export const ZInviteGroup = z.strictObject({ groupId: z.uuid({ error: EVENT_MSG.groupNotFound }) });
export type InviteGroupInput = z.infer<typeof ZInviteGroup>;

export const ZInvite = z.strictObject({
  userIds: z.array(z.uuid()).min(1, { error: EVENT_MSG.noUsersSelected }).max(EVENTS.inviteBatchMax),
});
export type Invite = z.infer<typeof ZInvite>;
