import {
  EVENT_MSG,
  EVENTS,
  RSVP_LABELS,
  type GuestStatus,
  type InviteCandidates,
  type RsvpAnswer,
  type RsvpResult,
} from '@common/events/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { notBlockedWith, visiblePerson, type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import type { Envelope } from '../../platform/bus';
import { enforce } from '../../platform/rate-limit';
import { createNotification, notificationEnvelope } from '../notifications';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { readEvent } from './event-reads.service';
import { changedEnvelope, FROM_EVENTS, notFound, visibleEvent, type EventDeps } from './event-rows';

/*
 * Answers and invitations (one row per event and invitee: docs/product-rules.md: one reading).
 *
 * The capacity rule: every answer runs in one transaction that first takes the event's row lock
 * (SELECT ... FOR UPDATE), then reads the seats taken, writes the answer and the counts. Two people
 * asking for the last seat at once are serialised by that lock: the first gets it, the second is
 * waitlisted. Leaving Going (Maybe, Can't Go) is always allowed and gives the freed seat to the
 * first in line, who is notified. The events_capacity check holds the rule in the database too.
 */

const INVITE_LIMIT = { name: 'events.invite', max: EVENTS.inviteBatchesPerHour, windowSec: 3600 };
// Each person invited who is not the organizer's friend counts once (issue 26: invitation floods).
const STRANGER_LIMIT = {
  name: 'events.invite-strangers',
  max: EVENTS.strangerInvitesPerHour,
  windowSec: 3600,
};

type Locked = {
  title: string;
  creator_id: string;
  max_attendees: number | null;
  going_count: number;
  cancelled: boolean;
};

/** The event as the viewer may see it, locked until the transaction ends; else the 404. */
async function lockVisible(tx: Tx, viewerId: string, id: string): Promise<Locked> {
  const [row] = await tx
    .execute<Locked>(
      sql`select e.title, e.creator_id::text as creator_id, e.max_attendees, e.going_count,
          (e.cancelled_at is not null) as cancelled
        from ${FROM_EVENTS}
        where e.id = ${id} and ${visibleEvent(viewerId)}
        for update of e`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  return row;
}

async function countsOf(tx: Tx, id: string) {
  const [counts] = await tx
    .execute<{ going_count: number; maybe_count: number }>(
      sql`select going_count, maybe_count from events where id = ${id}`,
    )
    .then((r) => r.rows);
  return counts!;
}

async function displayName(tx: Tx, userId: string) {
  const [p] = await tx
    .execute<{ name: string }>(
      sql`select coalesce(full_name, username) as name from profiles where id = ${userId}`,
    )
    .then((r) => r.rows);
  return p?.name ?? '';
}

/**
 * With the event locked by the caller: the first waitlisted person takes a free seat, if there is
 * one, and is notified. Returns whether someone moved up.
 */
export async function promoteFromWaitlist(tx: Tx, eventId: string, out: Envelope[]): Promise<boolean> {
  const [next] = await tx
    .execute<{ invitee_id: string; title: string }>(
      sql`select i.invitee_id::text as invitee_id, e.title
        from event_invitations i join events e on e.id = i.event_id
        where i.event_id = ${eventId} and i.status = 'waitlisted' and e.cancelled_at is null
          and (e.max_attendees is null or e.going_count < e.max_attendees)
        order by i.changed_at, i.invitee_id
        limit 1`,
    )
    .then((r) => r.rows);
  if (!next) return false;
  await tx.execute(
    sql`update event_invitations set status = 'accepted', changed_at = now()
      where event_id = ${eventId} and invitee_id = ${next.invitee_id}`,
  );
  await tx.execute(sql`update events set going_count = going_count + 1 where id = ${eventId}`);
  const n = await createNotification(tx, {
    userId: next.invitee_id,
    type: 'event_rsvp',
    title: EVENT_MSG.promotedTitle,
    message: EVENT_MSG.promotedMessage(next.title),
    link: `/events/${eventId}`,
    relatedId: eventId,
  });
  if (n) out.push(notificationEnvelope(next.invitee_id, n));
  return true;
}

/** What an answer becomes: Going on a full event is the waitlist; a waitlisted Going stays in line. */
function nextStatus(answer: RsvpAnswer, old: GuestStatus | null, e: Locked): GuestStatus {
  if (answer !== 'accepted') return answer;
  if (old === 'accepted' || old === 'waitlisted') return old;
  const full = e.max_attendees !== null && Number(e.going_count) >= Number(e.max_attendees);
  return full ? 'waitlisted' : 'accepted';
}

/**
 * PUT /api/events/{id}/rsvp: the viewer's own answer (creates or updates their row with a response
 * time). Notifies the organizer ('Event RSVP'), never of their own answer.
 */
export async function rsvp(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  answer: RsvpAnswer,
): Promise<RsvpResult> {
  const { status, envelopes } = await deps.db.transaction(async (tx) => {
    const e = await lockVisible(tx, viewer.id, id);
    if (e.cancelled) throw new AppError('CONFLICT', EVENT_MSG.alreadyCancelled);
    const [mine] = await tx
      .execute<{ status: GuestStatus }>(
        sql`select status from event_invitations where event_id = ${id} and invitee_id = ${viewer.id}`,
      )
      .then((r) => r.rows);
    const old = mine?.status ?? null;
    const next = nextStatus(answer, old, e);
    await tx.execute(
      sql`insert into event_invitations as i (event_id, invitee_id, status, responded_at, changed_at)
        values (${id}, ${viewer.id}, ${next}, now(), now())
        on conflict (event_id, invitee_id) do update set
          status = excluded.status, responded_at = now(),
          changed_at = case when i.status = excluded.status then i.changed_at else now() end`,
    );
    const out: Envelope[] = [];
    if (old !== next) {
      const going = (next === 'accepted' ? 1 : 0) - (old === 'accepted' ? 1 : 0);
      const maybe = (next === 'maybe' ? 1 : 0) - (old === 'maybe' ? 1 : 0);
      await tx.execute(
        sql`update events set going_count = going_count + ${going}, maybe_count = maybe_count + ${maybe}
          where id = ${id}`,
      );
      if (old === 'accepted') await promoteFromWaitlist(tx, id, out);
      const n = await createNotification(tx, {
        userId: e.creator_id,
        actorId: viewer.id,
        type: 'event_rsvp',
        title: EVENT_MSG.rsvpTitle,
        message: EVENT_MSG.rsvpMessage(await displayName(tx, viewer.id), RSVP_LABELS[next], e.title),
        link: `/events/${id}`,
        relatedId: id,
      });
      if (n) out.push(notificationEnvelope(e.creator_id, n));
      out.push(changedEnvelope(id, await countsOf(tx, id)));
    }
    return { status: next, envelopes: out };
  });
  deps.bus.publish(...envelopes);
  const event = await readEvent(deps.db, viewer.id, id);
  if (!event) throw notFound();
  return { status, event };
}

/** The organizer's live event (visible, not cancelled), locked; anyone else gets the 404. */
async function lockOrganized(tx: Tx, viewerId: string, id: string) {
  const [row] = await tx
    .execute<{ title: string; cancelled: boolean }>(
      sql`select e.title, (e.cancelled_at is not null) as cancelled from ${FROM_EVENTS}
        where e.id = ${id} and e.creator_id = ${viewerId} and ${visibleEvent(viewerId)}
        for update of e`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  if (row.cancelled) throw new AppError('CONFLICT', EVENT_MSG.alreadyCancelled);
  return row;
}

/** People the organizer may invite: live, not blocked either way, not the organizer. */
const invitable = (organizerId: string): SQL =>
  sql`${visiblePerson('p')} and p.id <> ${organizerId} and ${notBlockedWith(organizerId, sql`p.id`)}`;

const hasFriends = (organizerId: string): SQL =>
  sql`exists (select 1 from connections f where f.user_id = ${organizerId} and f.status = 'friends')`;

/**
 * GET /api/events/{id}/invitable: the organizer's friends, newest friendship first, a page at a
 * time; with none, 20 other members. Each says whether they already have
 * an invitation or answer ('Already invited').
 */
export async function inviteCandidates(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  cursorText: string | undefined,
): Promise<InviteCandidates> {
  const [own] = await queryRows<{ friends: boolean }>(
    deps.db,
    sql`select ${hasFriends(viewer.id)} as friends from ${FROM_EVENTS}
      where e.id = ${id} and e.creator_id = ${viewer.id} and ${visibleEvent(viewer.id)}`,
  );
  if (!own) throw notFound();
  const invited = sql`exists (select 1 from event_invitations i where i.event_id = ${id} and i.invitee_id = p.id) as already_invited`;
  type Row = PersonSummaryRow & { already_invited: boolean; sort_micros: string };
  if (!own.friends) {
    const rows = await queryRows<Row>(
      deps.db,
      sql`select ${PERSON_SUMMARY_COLUMNS}, ${invited}, '0' as sort_micros from profiles p
        where ${invitable(viewer.id)}
        order by p.created_at desc, p.id desc
        limit ${EVENTS.inviteFallback}`,
    );
    return {
      source: 'members',
      items: rows.map((r) => ({ person: toPersonSummary(r), alreadyInvited: r.already_invited })),
      nextCursor: null,
    };
  }
  const cursor = cursorText ? decodeTimeCursor(cursorText, EVENT_MSG.invalidCursor) : null;
  const limit = EVENTS.guestPageSize;
  const rows = await queryRows<Row>(
    deps.db,
    sql`select ${PERSON_SUMMARY_COLUMNS}, ${invited}, ${microsOf(sql`c.created_at`)} as sort_micros
      from connections c join profiles p on p.id = c.connected_user_id
      where c.user_id = ${viewer.id} and c.status = 'friends' and ${invitable(viewer.id)}
        ${cursor ? sql`and (c.created_at, c.connected_user_id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by c.created_at desc, c.connected_user_id desc
      limit ${limit + 1}`,
  );
  const { page, more } = splitPage(rows, limit);
  const last = page[page.length - 1];
  return {
    source: 'connections',
    items: page.map((r) => ({ person: toPersonSummary(r), alreadyInvited: r.already_invited })),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.author_id }) : null,
  };
}

/**
 * POST /api/events/{id}/invitations: the organizer invites people: their friends, or any member
 * while they have none (the same people the picker offers). People already invited or answered,
 * hidden, blocked either way, or the organizer are skipped. Each invitee is notified.
 */
export async function invite(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  userIds: string[],
): Promise<{ invited: number }> {
  const ids = [...new Set(userIds)];
  const { envelopes, invited } = await deps.db.transaction(async (tx) => {
    const e = await lockOrganized(tx, viewer.id, id);
    await enforce(tx, INVITE_LIMIT, viewer.id);
    const list = sql.join(
      ids.map((u) => sql`${u}::uuid`),
      sql`, `,
    );
    const rows = await tx
      .execute<{ invitee_id: string }>(
        sql`insert into event_invitations (event_id, invitee_id, inviter_id, status)
          select ${id}::uuid, p.id, ${viewer.id}::uuid, 'pending' from profiles p
          where p.id in (${list}) and ${invitable(viewer.id)}
            and (not ${hasFriends(viewer.id)} or exists (select 1 from connections f
              where f.user_id = ${viewer.id} and f.connected_user_id = p.id and f.status = 'friends'))
          on conflict (event_id, invitee_id) do nothing
          returning invitee_id::text as invitee_id`,
      )
      .then((r) => r.rows);
    // Without friends every invitee is a stranger: each one counts against the smaller budget, and a
    // batch past it is refused whole (the transaction ends with the 429).
    if (rows.length) {
      const [own] = await tx
        .execute<{ friends: boolean }>(sql`select ${hasFriends(viewer.id)} as friends`)
        .then((r) => r.rows);
      if (!own?.friends)
        for (let i = 0; i < rows.length; i++)
          await enforce(tx, STRANGER_LIMIT, viewer.id, EVENT_MSG.strangerInvitesLimited);
    }
    const out: Envelope[] = [];
    const name = await displayName(tx, viewer.id);
    for (const r of rows) {
      const n = await createNotification(tx, {
        userId: r.invitee_id,
        actorId: viewer.id,
        type: 'event_invitation',
        title: EVENT_MSG.invitationTitle,
        message: EVENT_MSG.invitationMessage(name, e.title),
        link: `/events/${id}`,
        relatedId: id,
      });
      if (n) out.push(notificationEnvelope(r.invitee_id, n));
    }
    if (rows.length) out.push(changedEnvelope(id, await countsOf(tx, id)));
    return { envelopes: out, invited: rows.length };
  });
  deps.bus.publish(...envelopes);
  return { invited };
}
