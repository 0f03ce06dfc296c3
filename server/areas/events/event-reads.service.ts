import type { EventListQuery, GuestQuery } from '@common/events/schemas';
import {
  EVENT_MSG,
  type EventCounts,
  type EventDetail,
  type EventPage,
  type GuestPage,
  type GuestStatus,
} from '@common/events/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  microsOf,
  splitPage,
  type TimeCursor,
} from '../../lib/pagination';
import { isSuperAdminSql, notBlockedWith, visiblePerson } from '../../db/rules';
import {
  canSeeWholeProfile,
  PERSON_SUMMARY_COLUMNS,
  toPersonSummary,
  type PersonSummaryRow,
} from '../profiles';
import {
  FROM_EVENTS,
  iso,
  notFound,
  summaryColumns,
  toSummary,
  visibleEvent,
  type EventDeps,
  type SummaryRow,
} from './event-rows';

/*
 * Reading events: the list's sections (Upcoming, soonest first; Past, latest first), a profile's
 * tabs (My Events, Attending, Invited), one event's page with its counts, its Guest List tabs, and
 * the .ics download. Every read puts the visibility rule in its SQL (event-rows.ts).
 */

/**
 * The page's statement for one list. Upcoming walks events_starts_idx forward from now, Past
 * backward; My Events the creator's index; Attending and Invited the invitee's index.
 */
export function eventListQuery(
  viewerId: string | null,
  q: Pick<EventListQuery, 'list' | 'limit'> & { user: string | null },
  cursor: TimeCursor | null,
): SQL {
  const where: SQL[] = [visibleEvent(viewerId)];
  let ascending = true;
  let from = FROM_EVENTS;
  switch (q.list) {
    case 'upcoming':
      where.push(sql`e.cancelled_at is null and e.starts_at >= now()`);
      break;
    case 'past':
      where.push(sql`e.cancelled_at is null and e.starts_at < now()`);
      ascending = false;
      break;
    case 'created':
      where.push(sql`e.creator_id = ${q.user}`);
      break;
    case 'attending':
    case 'invited':
      from = sql`${FROM_EVENTS} join event_invitations gi on gi.event_id = e.id`;
      where.push(
        sql`gi.invitee_id = ${q.user} and gi.status = ${q.list === 'attending' ? 'accepted' : 'pending'} and e.cancelled_at is null`,
      );
      // One's own events are under My Events; the organizer's Going answer does not repeat them here.
      if (q.list === 'attending') where.push(sql`e.creator_id <> ${q.user}`);
      break;
  }
  if (cursor)
    where.push(
      ascending
        ? sql`(e.starts_at, e.id) > (${cursorTime(cursor)}, ${cursor.id}::uuid)`
        : sql`(e.starts_at, e.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`,
    );
  const dir = ascending ? sql`asc` : sql`desc`;
  return sql`select ${summaryColumns(viewerId)}, ${microsOf(sql`e.starts_at`)} as sort_micros
    from ${from}
    where ${sql.join(where, sql` and `)}
    order by e.starts_at ${dir}, e.id ${dir}
    limit ${q.limit + 1}`;
}

/**
 * GET /api/events. Upcoming and Past are public; a profile's My Events and Attending name their
 * person (`user`); Invited is the viewer's own pending invitations only.
 */
export async function listEvents(
  deps: EventDeps,
  viewer: Viewer | null,
  q: EventListQuery,
): Promise<EventPage> {
  const viewerId = viewer?.id ?? null;
  let user: string | null = null;
  if (q.list === 'created' || q.list === 'attending' || q.list === 'invited') {
    user = q.user ?? viewerId;
    if (!user) throw new AppError('UNAUTHENTICATED');
    // Someone else's invitations are theirs alone.
    if (q.list === 'invited' && user !== viewerId) throw new AppError('NOT_FOUND', EVENT_MSG.invalidList);
    // Someone else's tabs answer empty unless the viewer sees their whole profile (not blocked
    // either way, not hidden, not kept to friends from a non-friend).
    if (user !== viewerId && !(await canSeeWholeProfile(deps.db, viewerId, user)))
      return { items: [], nextCursor: null };
  }
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, EVENT_MSG.invalidCursor) : null;
  const rows = await queryRows<SummaryRow & { sort_micros: string }>(
    deps.db,
    eventListQuery(viewerId, { list: q.list, limit: q.limit, user }, cursor),
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toSummary),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

type DetailRow = SummaryRow & { creator_id: string; is_admin: boolean };

/** The event as the viewer may see it, with its counts, or null. */
export async function readEvent(
  db: Db | Tx,
  viewerId: string | null,
  id: string,
): Promise<EventDetail | null> {
  const [row] = await db
    .execute<DetailRow>(
      sql`select ${summaryColumns(viewerId)}, e.creator_id::text as creator_id,
          ${viewerId ? isSuperAdminSql(viewerId) : sql`false`} as is_admin
        from ${FROM_EVENTS}
        where e.id = ${id} and ${visibleEvent(viewerId)}`,
    )
    .then((r) => r.rows);
  if (!row) return null;
  const counted = await db
    .execute<{ status: GuestStatus; n: number; invited: number }>(
      sql`select i.status, count(*)::int as n, count(*) filter (where i.inviter_id is not null)::int as invited
        from event_invitations i
        join profiles g on g.id = i.invitee_id
        where i.event_id = ${id} and ${visiblePerson('g')}
        group by i.status`,
    )
    .then((r) => r.rows);
  const counts: EventCounts = { going: 0, maybe: 0, declined: 0, pending: 0, waitlisted: 0 };
  const key: Record<GuestStatus, keyof EventCounts> = {
    accepted: 'going',
    maybe: 'maybe',
    declined: 'declined',
    pending: 'pending',
    waitlisted: 'waitlisted',
  };
  let totalInvited = 0;
  for (const c of counted) {
    counts[key[c.status]] = Number(c.n);
    totalInvited += Number(c.invited);
  }
  let waitlistPosition: number | null = null;
  if (viewerId && row.my_status === 'waitlisted') {
    const [pos] = await db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from event_invitations w
          where w.event_id = ${id} and w.status = 'waitlisted'
            and (w.changed_at, w.invitee_id) <= (select m.changed_at, m.invitee_id from event_invitations m
              where m.event_id = ${id} and m.invitee_id = ${viewerId})`,
      )
      .then((r) => r.rows);
    waitlistPosition = pos ? Number(pos.n) : null;
  }
  const isOrganizer = row.creator_id === viewerId;
  return {
    ...toSummary(row),
    counts,
    // Invitations the organizer sent, whatever their answer: one's own RSVP is not an invitation.
    totalInvited,
    isOrganizer,
    canCancel: row.cancelled_at === null && (isOrganizer || row.is_admin),
    waitlistPosition,
  };
}

/** GET /api/events/{id}: public, like the list. Missing or hidden: the same 404. */
export async function getEvent(deps: EventDeps, viewer: Viewer | null, id: string): Promise<EventDetail> {
  const event = await readEvent(deps.db, viewer?.id ?? null, id);
  if (!event) throw notFound();
  return event;
}

/**
 * GET /api/events/{id}/guests: one Guest List tab, latest change first (the waitlist in its order,
 * first in line first). Guests the viewer blocks or is blocked by, and hidden accounts, are left out.
 * Pending and Can't Go say whom the organizer invited (their friends) and who refused: the whole tab
 * is the organizer's; anyone else finds only their own row there.
 */
export async function listGuests(
  deps: EventDeps,
  viewer: Viewer | null,
  id: string,
  q: GuestQuery,
): Promise<GuestPage> {
  const viewerId = viewer?.id ?? null;
  const [visible] = await queryRows<{ creator_id: string }>(
    deps.db,
    sql`select e.creator_id::text as creator_id from ${FROM_EVENTS} where e.id = ${id} and ${visibleEvent(viewerId)}`,
  );
  if (!visible) throw notFound();
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, EVENT_MSG.invalidCursor) : null;
  const ascending = q.status === 'waitlisted';
  const where: SQL[] = [sql`i.event_id = ${id}`, sql`i.status = ${q.status}`, visiblePerson('p')];
  if (viewerId) where.push(notBlockedWith(viewerId, sql`i.invitee_id`));
  if ((q.status === 'pending' || q.status === 'declined') && visible.creator_id !== viewerId)
    where.push(viewerId ? sql`i.invitee_id = ${viewerId}` : sql`false`);
  if (cursor)
    where.push(
      ascending
        ? sql`(i.changed_at, i.invitee_id) > (${cursorTime(cursor)}, ${cursor.id}::uuid)`
        : sql`(i.changed_at, i.invitee_id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`,
    );
  const dir = ascending ? sql`asc` : sql`desc`;
  const rows = await queryRows<
    PersonSummaryRow & { status: GuestStatus; responded_at: string | Date | null; sort_micros: string }
  >(
    deps.db,
    sql`select ${PERSON_SUMMARY_COLUMNS}, i.status, i.responded_at, ${microsOf(sql`i.changed_at`)} as sort_micros
      from event_invitations i join profiles p on p.id = i.invitee_id
      where ${sql.join(where, sql` and `)}
      order by i.changed_at ${dir}, i.invitee_id ${dir}
      limit ${q.limit + 1}`,
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      person: toPersonSummary(r),
      status: r.status,
      respondedAt: r.responded_at ? iso(r.responded_at) : null,
    })),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.author_id }) : null,
  };
}
