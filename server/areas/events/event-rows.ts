import {
  EVENT_MSG,
  eventTopic,
  type EventSummary,
  type EventType,
  type GuestStatus,
} from '@common/events/model';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Envelope } from '../../platform/bus';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';

/*
 * What the events services share (issue 18): their dependencies, the one 404,
 * the visibility rule every read puts in its SQL, and how a row becomes an event card. An event is
 * visible while its organizer is a live account (not deleted, not banned) that the viewer does not
 * block and is not blocked by; anything else answers exactly like a missing event.
 */

export type EventDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const notFound = () => new AppError('NOT_FOUND', EVENT_MSG.notFound);

/** The organizer (profiles joined as `p`, events as `e`) is live and not blocked either way. */
export function visibleEvent(viewerId: string | null): SQL {
  const live = visiblePerson('p');
  return viewerId ? sql`${live} and ${notBlockedWith(viewerId, sql`e.creator_id`)}` : live;
}

export const FROM_EVENTS = sql`events e join profiles p on p.id = e.creator_id`;

/** The card's columns, with the viewer's own answer read in the same statement. */
export function summaryColumns(viewerId: string | null): SQL {
  const mine = viewerId
    ? sql`(select i.status from event_invitations i where i.event_id = e.id and i.invitee_id = ${viewerId})`
    : sql`null::text`;
  return sql`e.id::text as id, e.title, e.description, e.starts_at, e.ends_at, e.meeting_url, e.location, e.type, e.cover_photo_url,
    e.max_attendees, e.going_count, e.maybe_count, e.cancelled_at, e.created_at,
    ${mine} as my_status, ${PERSON_SUMMARY_COLUMNS}`;
}

export type SummaryRow = PersonSummaryRow & {
  id: string;
  title: string;
  description: string;
  starts_at: string | Date;
  ends_at: string | Date | null;
  meeting_url: string | null;
  location: string;
  type: EventType;
  cover_photo_url: string | null;
  max_attendees: number | null;
  going_count: number;
  maybe_count: number;
  cancelled_at: string | Date | null;
  created_at: string | Date;
  my_status: GuestStatus | null;
};

export const iso = (d: string | Date) => new Date(d).toISOString();

export function toSummary(r: SummaryRow): EventSummary {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    startsAt: iso(r.starts_at),
    endsAt: r.ends_at ? iso(r.ends_at) : null,
    meetingUrl: r.meeting_url,
    location: r.location,
    type: r.type,
    coverPhotoUrl: r.cover_photo_url,
    maxAttendees: r.max_attendees === null ? null : Number(r.max_attendees),
    goingCount: Number(r.going_count),
    maybeCount: Number(r.maybe_count),
    cancelled: r.cancelled_at !== null,
    organizer: toPersonSummary(r),
    myStatus: r.my_status,
    createdAt: iso(r.created_at),
  };
}

/** The event's change, to whoever follows its page (counts only: what anyone who can see it may read). */
export function changedEnvelope(id: string, counts: { going_count: number; maybe_count: number }): Envelope {
  return {
    topic: eventTopic(id),
    event: {
      type: 'event.changed',
      eventId: id,
      goingCount: Number(counts.going_count),
      maybeCount: Number(counts.maybe_count),
    },
  };
}
