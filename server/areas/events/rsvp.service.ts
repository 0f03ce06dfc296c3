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
import { actorOfViewer, createNotification, notificationEnvelope } from '../notifications';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { fellowMemberIds, fellowMembersSql, groupsOfMember, sharedGroupNameSql } from '../groups';
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

async function displayName(tx: Tx, viewer: Viewer) {
  // The viewer's profile name comes with their session (actorOfViewer); read only when it does not.
  const card = actorOfViewer(viewer);
  if (card) return card.fullName ?? card.username;
  const userId = viewer.id;
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
        actor: actorOfViewer(viewer),
        type: 'event_rsvp',
        title: EVENT_MSG.rsvpTitle,
        message: EVENT_MSG.rsvpMessage(await displayName(tx, viewer), RSVP_LABELS[next], e.title),
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

const isFriend = (organizerId: string): SQL =>
  sql`exists (select 1 from connections f where f.user_id = ${organizerId} and f.connected_user_id = p.id and f.status = 'friends')`;

/** The person `p` shares a group with the organizer. */
const isFellow = (organizerId: string): SQL => sql`p.id in (${fellowMembersSql(organizerId)})`;

/** The organizer's own live event, else the 404 (a visitor is refused before). */
async function requireOrganized(deps: EventDeps, viewerId: string, id: string) {
  const [own] = await queryRows<{ friends: boolean }>(
    deps.db,
    sql`select ${hasFriends(viewerId)} as friends from ${FROM_EVENTS}
      where e.id = ${id} and e.creator_id = ${viewerId} and ${visibleEvent(viewerId)}`,
  );
  if (!own) throw notFound();
  return own;
}

type CandidateRow = PersonSummaryRow & { already_invited: boolean; sort_micros: string };
const alreadyInvited = (id: string) =>
  sql`exists (select 1 from event_invitations i where i.event_id = ${id} and i.invitee_id = p.id) as already_invited`;

/**
 * GET /api/events/{id}/invitable?q=: people found by name: the organizer's connections first, then
 * members of the organizer's groups (each says which), at most EVENTS.inviteSearchMax. Nobody
 * blocked either way, hidden or banned is found.
 */
async function searchCandidates(deps: EventDeps, viewer: Viewer, id: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<CandidateRow & { is_friend: boolean; group_name: string | null }>(
    deps.db,
    sql`select * from (
        select ${PERSON_SUMMARY_COLUMNS}, ${alreadyInvited(id)}, '0' as sort_micros,
          ${isFriend(viewer.id)} as is_friend, ${sharedGroupNameSql(viewer.id, sql`p.id`)} as group_name,
          (lower(coalesce(p.full_name, '')) like ${prefix} or lower(p.username) like ${prefix}) as starts_with
        from profiles p
        where ${invitable(viewer.id)}
          and (lower(coalesce(p.full_name, '')) like ${pattern} or lower(p.username) like ${pattern})
          and (p.id in (select c.connected_user_id from connections c
                where c.user_id = ${viewer.id} and c.status = 'friends')
            or ${isFellow(viewer.id)})
      ) found
      order by is_friend desc, starts_with desc, lower(coalesce(full_name, username)), author_id
      limit ${EVENTS.inviteSearchMax}`,
  );
  return rows.map((r) => ({
    person: toPersonSummary(r),
    alreadyInvited: r.already_invited,
    via: r.is_friend
      ? ({ kind: 'connection' } as const)
      : ({ kind: 'group', groupName: r.group_name ?? '' } as const),
  }));
}

/**
 * GET /api/events/{id}/invitable: with `q`, people found by name (searchCandidates); else the
 * organizer's friends, newest friendship first, a page at a time, or, with none, 20 other members.
 * Each says whether they already have an invitation or answer ('Already invited'). The first page
 * also lists the organizer's groups, to invite one whole.
 */
export async function inviteCandidates(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  query: { cursor?: string | undefined; q?: string | undefined },
): Promise<InviteCandidates> {
  const own = await requireOrganized(deps, viewer.id, id);
  if (query.q)
    return {
      source: 'search',
      items: await searchCandidates(deps, viewer, id, query.q),
      nextCursor: null,
      groups: [],
    };
  const groups = query.cursor ? [] : await groupsOfMember(deps.db, viewer.id, EVENTS.inviteGroupsMax);
  if (!own.friends) {
    const rows = await queryRows<CandidateRow>(
      deps.db,
      sql`select ${PERSON_SUMMARY_COLUMNS}, ${alreadyInvited(id)}, '0' as sort_micros from profiles p
        where ${invitable(viewer.id)}
        order by p.created_at desc, p.id desc
        limit ${EVENTS.inviteFallback}`,
    );
    return {
      source: 'members',
      items: rows.map((r) => ({ person: toPersonSummary(r), alreadyInvited: r.already_invited })),
      nextCursor: null,
      groups,
    };
  }
  const cursor = query.cursor ? decodeTimeCursor(query.cursor, EVENT_MSG.invalidCursor) : null;
  const limit = EVENTS.guestPageSize;
  const rows = await queryRows<CandidateRow>(
    deps.db,
    sql`select ${PERSON_SUMMARY_COLUMNS}, ${alreadyInvited(id)}, ${microsOf(sql`c.created_at`)} as sort_micros
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
    groups,
  };
}

/**
 * Writes the invitations (with the lock held) for the people in `ids` the organizer may invite:
 * their friends and the members of their groups, or any member while they have no friends (each of
 * those a stranger, counted against the smaller hourly budget: a batch past it is refused whole).
 * Already invited or answered, hidden, blocked either way, or the organizer: skipped. Each invitee
 * is notified.
 */
async function writeInvitations(
  tx: Tx,
  viewer: Viewer,
  id: string,
  title: string,
  ids: string[],
): Promise<{ envelopes: Envelope[]; invited: number }> {
  if (ids.length === 0) return { envelopes: [], invited: 0 };
  const list = sql.join(
    ids.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  const rows = await tx
    .execute<{ invitee_id: string; stranger: boolean }>(
      sql`with chosen as (
          select p.id, (${isFriend(viewer.id)} or ${isFellow(viewer.id)}) as known from profiles p
          where p.id in (${list}) and ${invitable(viewer.id)}
        ), written as (
          insert into event_invitations (event_id, invitee_id, inviter_id, status)
          select ${id}::uuid, c.id, ${viewer.id}::uuid, 'pending' from chosen c
          where c.known or not ${hasFriends(viewer.id)}
          on conflict (event_id, invitee_id) do nothing
          returning invitee_id
        )
        select w.invitee_id::text as invitee_id, not c.known as stranger
        from written w join chosen c on c.id = w.invitee_id`,
    )
    .then((r) => r.rows);
  for (const r of rows)
    if (r.stranger) await enforce(tx, STRANGER_LIMIT, viewer.id, EVENT_MSG.strangerInvitesLimited);
  const out: Envelope[] = [];
  const name = await displayName(tx, viewer);
  for (const r of rows) {
    const n = await createNotification(tx, {
      userId: r.invitee_id,
      actorId: viewer.id,
      actor: actorOfViewer(viewer),
      type: 'event_invitation',
      title: EVENT_MSG.invitationTitle,
      message: EVENT_MSG.invitationMessage(name, title),
      link: `/events/${id}`,
      relatedId: id,
    });
    if (n) out.push(notificationEnvelope(r.invitee_id, n));
  }
  if (rows.length) out.push(changedEnvelope(id, await countsOf(tx, id)));
  return { envelopes: out, invited: rows.length };
}

/**
 * POST /api/events/{id}/invitations: the organizer invites people by id (the ones the picker or the
 * name search offers); see writeInvitations for who may be invited.
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
    return writeInvitations(tx, viewer, id, e.title, ids);
  });
  deps.bus.publish(...envelopes);
  return { invited };
}

/**
 * POST /api/events/{id}/invitations/group: the organizer invites the members of one of their own
 * groups at once (at most EVENTS.groupInviteMax, longest-standing first; one batch of the hourly
 * budget). A group they are not a member of answers like a missing one; blocked people are skipped
 * without a word.
 */
export async function inviteGroup(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  groupId: string,
): Promise<{ invited: number }> {
  const { envelopes, invited } = await deps.db.transaction(async (tx) => {
    const e = await lockOrganized(tx, viewer.id, id);
    const members = await fellowMemberIds(tx, viewer.id, groupId, EVENTS.groupInviteMax);
    if (!members) throw new AppError('NOT_FOUND', EVENT_MSG.groupNotFound);
    await enforce(tx, INVITE_LIMIT, viewer.id);
    return writeInvitations(tx, viewer, id, e.title, members);
  });
  deps.bus.publish(...envelopes);
  return { invited };
}
