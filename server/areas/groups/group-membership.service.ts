import type { InviteInput, PageQuery } from '@common/groups/schemas';
import { GROUP_MSG, GROUPS, type JoinRequest, type JoinRequestPage } from '@common/groups/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { displayName } from '@common/profiles/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, isBlockedEither, notBlockedWith, visiblePerson, type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Envelope } from '../../platform/bus';
import { enforce } from '../../platform/rate-limit';
import { createNotification, notificationEnvelope } from '../notifications';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { requireRole } from './groups.service';
import {
  afterCursor,
  groupChanged,
  groupOpenTo,
  iso,
  microsOf,
  notFound,
  pageOf,
  readCursor,
  rowsOf,
  type GroupDeps,
} from './group-rows';

/*
 * Becoming a member (docs/decisions/026): a public group admits at once; a private one takes a join
 * request (pending, then approved, adding the member, or rejected) handled by the group's admins;
 * and invitations by email, which the invitee accepts (joining) or declines (real writes:
 * docs/product-rules.md: every feature is a real write). Each notifies the people concerned
 * ('group_action'): a request its admins, an approval the requester, an invitation the invitee (with
 * its mail: the notification mailer sends send-notification-email's content).
 */

const INVITE_LIMIT = { name: 'group-invite', max: GROUPS.invitesPerHour, windowSec: 60 * 60 };
// Each request notifies every admin of the group: asking again after each rejection is limited.
const JOIN_LIMIT = { name: 'group-join', max: GROUPS.joinRequestsPerHour, windowSec: 60 * 60 };

async function nameOf(tx: Tx, userId: string): Promise<string> {
  const [p] = await rowsOf<{ username: string; full_name: string | null }>(
    tx,
    sql`select username, full_name from profiles where id = ${userId}`,
  );
  return p ? displayName({ username: p.username, fullName: p.full_name }) : '';
}

/** One 'group_action' notification in the transaction; the envelope to publish after commit. */
async function groupNotice(
  tx: Tx,
  n: {
    userId: string;
    actorId: string;
    message: string;
    link: string;
    relatedId: string;
    data?: Record<string, unknown>;
    groupKey?: string;
  },
): Promise<Envelope | null> {
  const created = await createNotification(tx, {
    userId: n.userId,
    actorId: n.actorId,
    type: 'group_action',
    title: NOTIFICATION_TEXT.groupAction.title,
    message: n.message,
    link: n.link,
    relatedId: n.relatedId,
    data: n.data ?? {},
    groupKey: n.groupKey ?? null,
  });
  return created ? notificationEnvelope(n.userId, created) : null;
}

const isEnvelope = (e: Envelope | null): e is Envelope => e !== null;

/**
 * POST /api/groups/{id}/join-requests: a non-member joins a group they may see. A public group
 * admits them at once (the answer says `joined: true`); a private one takes a request, pending
 * until an admin answers, and its admins are told. Asking again after a rejection makes the
 * request pending again. Every try counts against the hourly limit (join, leave, join again).
 */
export async function requestToJoin(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
): Promise<{ joined: boolean }> {
  const { joined, notices } = await deps.db.transaction(async (tx) => {
    const [g] = await rowsOf<{ name: string; member: boolean; is_private: boolean }>(
      tx,
      sql`select g.name, g.is_private, exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${viewer.id}) as member
        from groups g where g.id = ${groupId} and ${groupOpenTo(viewer.id)} for update of g`,
    );
    if (!g) throw notFound();
    if (g.member) throw new AppError('CONFLICT', GROUP_MSG.alreadyAMember);
    await enforce(tx, JOIN_LIMIT, viewer.id);
    if (!g.is_private) {
      // Open to all: a member at once, with no request left behind for the admins.
      await tx.execute(
        sql`insert into group_members (group_id, user_id, role) values (${groupId}, ${viewer.id}, 'member')
          on conflict (group_id, user_id) do nothing`,
      );
      await tx.execute(
        sql`delete from group_join_requests where group_id = ${groupId} and user_id = ${viewer.id} and status = 'pending'`,
      );
      await tx.execute(
        sql`update group_invitations set status = 'accepted', updated_at = now()
          where group_id = ${groupId} and invited_user_id = ${viewer.id} and status = 'pending'`,
      );
      return { joined: true, notices: [] as Envelope[] };
    }
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into group_join_requests (group_id, user_id, status) values (${groupId}, ${viewer.id}, 'pending')
        on conflict (group_id, user_id) do update set status = 'pending', created_at = now(), updated_at = now()
          where group_join_requests.status <> 'pending'
        returning id::text as id`,
    );
    if (!row) throw new AppError('CONFLICT', GROUP_MSG.requestAlreadyPending);
    const name = await nameOf(tx, viewer.id);
    // The admins who may see the requester (blocks either way keep them apart).
    const admins = await rowsOf<{ user_id: string }>(
      tx,
      sql`select m.user_id::text as user_id from group_members m
        where m.group_id = ${groupId} and m.role = 'admin' and not (m.user_id = any (${blockedEitherIds(viewer.id)}))`,
    );
    const out: (Envelope | null)[] = [];
    for (const a of admins)
      out.push(
        await groupNotice(tx, {
          userId: a.user_id,
          actorId: viewer.id,
          message: GROUP_MSG.joinRequestNotice(name, g.name),
          link: `/groups/${groupId}`,
          relatedId: groupId,
          data: { groupId, requestId: row.id },
        }),
      );
    return { joined: false, notices: out.filter(isEnvelope) };
  });
  if (joined) deps.bus.publish(groupChanged(groupId, 'members'));
  else deps.bus.publish(groupChanged(groupId, 'requests'), ...notices);
  return { joined };
}

type RequestRow = PersonSummaryRow & { id: string; created_at: string | Date; sort_micros: string };

/** GET /api/groups/{id}/join-requests: the pending ones, oldest first, for the group's admins only. */
export async function listJoinRequests(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  q: PageQuery,
): Promise<JoinRequestPage> {
  await requireRole(deps.db, viewer.id, groupId, 'admin');
  const rows = await rowsOf<RequestRow>(
    deps.db,
    sql`select r.id::text as id, r.created_at, ${microsOf(sql`r.created_at`)} as sort_micros, ${PERSON_SUMMARY_COLUMNS}
      from group_join_requests r join profiles p on p.id = r.user_id
      where r.group_id = ${groupId} and r.status = 'pending' and ${visiblePerson('p')}
        and not (r.user_id = any (${blockedEitherIds(viewer.id)}))
        and ${afterCursor(sql`r.created_at`, sql`r.id`, readCursor(q.cursor), 'asc')}
      order by r.created_at, r.id limit ${q.limit + 1}`,
  );
  return pageOf(rows, q.limit, (r): JoinRequest => ({
    id: r.id,
    person: toPersonSummary(r),
    createdAt: iso(r.created_at),
  }));
}

/**
 * POST /api/groups/{id}/join-requests/{requestId} {approve}: an admin approves (the requester
 * becomes a member and is told) or rejects a pending request. A request already handled, or one
 * of another group, is a 404; nobody handles their own (an admin is a member already).
 */
export async function answerJoinRequest(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  requestId: string,
  approve: boolean,
): Promise<void> {
  const notices = await deps.db.transaction(async (tx) => {
    const group = await requireRole(tx, viewer.id, groupId, 'admin');
    const [req] = await rowsOf<{ user_id: string }>(
      tx,
      sql`update group_join_requests set status = ${approve ? 'approved' : 'rejected'}, updated_at = now()
        where id = ${requestId} and group_id = ${groupId} and status = 'pending' and user_id <> ${viewer.id}
          and not (user_id = any (${blockedEitherIds(viewer.id)}))
        returning user_id::text as user_id`,
    );
    if (!req) throw new AppError('NOT_FOUND', GROUP_MSG.requestGone);
    if (!approve) return [];
    await tx.execute(
      sql`insert into group_members (group_id, user_id, role) values (${groupId}, ${req.user_id}, 'member')
        on conflict (group_id, user_id) do nothing`,
    );
    await tx.execute(
      sql`update group_invitations set status = 'accepted', updated_at = now()
        where group_id = ${groupId} and invited_user_id = ${req.user_id} and status = 'pending'`,
    );
    const notice = await groupNotice(tx, {
      userId: req.user_id,
      actorId: viewer.id,
      message: GROUP_MSG.approvedNotice(group.name),
      link: `/groups/${groupId}`,
      relatedId: groupId,
      data: { groupId },
    });
    return [notice, { to: [req.user_id], event: groupChanged(groupId, 'members').event }].filter(isEnvelope);
  });
  deps.bus.publish(
    groupChanged(groupId, 'requests'),
    ...(approve ? [groupChanged(groupId, 'members')] : []),
    ...notices,
  );
}

/**
 * POST /api/groups/{id}/invitations {email}: an admin invites a person by email, with the form's
 * four checks in order. A pending invitation is refused; a declined one is reset to pending. The
 * invitee gets a notification, and its mail carries send-notification-email's content (group name,
 * inviter, description, the link that accepts). Someone blocked either way reads as unknown.
 */
export async function inviteByEmail(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  who: InviteInput,
): Promise<void> {
  // Every try counts, before anything is looked up and outside the transaction that a refusal rolls
  // back: an unknown address (404) and a known one spend the same budget, so the 429 cannot tell
  // which addresses have an account (issue 26).
  await enforce(deps.db, INVITE_LIMIT, viewer.id);
  const notices = await deps.db.transaction(async (tx) => {
    const group = await requireRole(tx, viewer.id, groupId, 'admin');
    // By email, or by id (a person the admin found by name): the same checks after.
    const [invitee] = await rowsOf<{ id: string }>(
      tx,
      who.email !== undefined
        ? sql`select u.id::text as id from users u join profiles p on p.id = u.id
            where lower(u.email) = ${who.email.toLowerCase()} and ${visiblePerson('p')}`
        : sql`select p.id::text as id from profiles p where p.id = ${who.userId ?? null} and ${visiblePerson('p')}`,
    );
    if (!invitee || (await isBlockedEither(tx, viewer.id, invitee.id)))
      throw new AppError('NOT_FOUND', GROUP_MSG.noSuchUser, { email: GROUP_MSG.noSuchUser });
    const [member] = await rowsOf(
      tx,
      sql`select 1 from group_members where group_id = ${groupId} and user_id = ${invitee.id}`,
    );
    if (member) throw new AppError('CONFLICT', GROUP_MSG.alreadyMember, { email: GROUP_MSG.alreadyMember });
    const [inv] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into group_invitations (group_id, invited_by, invited_user_id, status)
        values (${groupId}, ${viewer.id}, ${invitee.id}, 'pending')
        on conflict (group_id, invited_user_id) do update set status = 'pending', invited_by = excluded.invited_by,
          updated_at = now()
          where group_invitations.status <> 'pending'
        returning id::text as id`,
    );
    if (!inv) throw new AppError('CONFLICT', GROUP_MSG.alreadyInvited, { email: GROUP_MSG.alreadyInvited });
    const inviterName = await nameOf(tx, viewer.id);
    const acceptUrl = `/groups/${groupId}?invitation=${inv.id}`;
    const notice = await groupNotice(tx, {
      userId: invitee.id,
      actorId: viewer.id,
      message: GROUP_MSG.invitedNotice(inviterName, group.name, group.description),
      link: acceptUrl,
      relatedId: groupId,
      // send-notification-email's {type group_invitation, data}.
      data: {
        type: 'group_invitation',
        invitationId: inv.id,
        groupName: group.name,
        inviterName,
        groupDescription: group.description,
        acceptUrl,
      },
    });
    return [notice, { to: [invitee.id], event: groupChanged(groupId, 'group').event }].filter(isEnvelope);
  });
  deps.bus.publish(...notices);
}

/**
 * POST /api/groups/{id}/invitations/{invitationId} {accept}: the invitee accepts (joins as a member;
 * the inviter is told) or declines their pending invitation. Anyone else's, or one already
 * answered, is a 404.
 */
export async function answerInvitation(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  invitationId: string,
  accept: boolean,
): Promise<void> {
  const notices = await deps.db.transaction(async (tx) => {
    const [inv] = await rowsOf<{ invited_by: string | null; name: string }>(
      tx,
      sql`update group_invitations i set status = ${accept ? 'accepted' : 'declined'}, updated_at = now()
        from groups g
        where i.id = ${invitationId} and i.group_id = ${groupId} and g.id = i.group_id
          and i.invited_user_id = ${viewer.id} and i.status = 'pending'
        returning i.invited_by::text as invited_by, g.name`,
    );
    if (!inv) throw new AppError('NOT_FOUND', GROUP_MSG.invitationGone);
    // Declining ends what the invitation allowed: the private group's topic is re-checked.
    if (!accept) return [{ event: { type: 'access.changed' as const, userIds: [viewer.id] } }];
    await tx.execute(
      sql`insert into group_members (group_id, user_id, role) values (${groupId}, ${viewer.id}, 'member')
        on conflict (group_id, user_id) do nothing`,
    );
    await tx.execute(
      sql`delete from group_join_requests where group_id = ${groupId} and user_id = ${viewer.id} and status = 'pending'`,
    );
    if (!inv.invited_by) return [];
    const name = await nameOf(tx, viewer.id);
    const notice = await groupNotice(tx, {
      userId: inv.invited_by,
      actorId: viewer.id,
      message: GROUP_MSG.joinedNotice(name, inv.name),
      link: `/groups/${groupId}`,
      relatedId: groupId,
      data: { groupId },
    });
    return [notice].filter(isEnvelope);
  });
  deps.bus.publish(...(accept ? [groupChanged(groupId, 'members')] : []), ...notices);
}

/**
 * GET /api/groups/{id}/invitable?q=: a group admin finds people to invite by name (full name or
 * username): live, not blocked either way, not already members; at most GROUPS.inviteSearchMax.
 * Anyone else: the group's 404 (requireRole).
 */
export async function findInvitable(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  q: string,
): Promise<{ items: { person: ReturnType<typeof toPersonSummary>; invited: boolean }[] }> {
  await requireRole(deps.db, viewer.id, groupId, 'admin');
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await rowsOf<PersonSummaryRow & { invited: boolean; starts_with: boolean }>(
    deps.db,
    sql`select ${PERSON_SUMMARY_COLUMNS},
        exists (select 1 from group_invitations i where i.group_id = ${groupId}
          and i.invited_user_id = p.id and i.status = 'pending') as invited,
        (lower(coalesce(p.full_name, '')) like ${`${escaped}%`} or lower(p.username) like ${`${escaped}%`}) as starts_with
      from profiles p
      where ${visiblePerson('p')} and p.id <> ${viewer.id}
        and ${notBlockedWith(viewer.id, sql`p.id`)}
        and not exists (select 1 from group_members m where m.group_id = ${groupId} and m.user_id = p.id)
        and (lower(coalesce(p.full_name, '')) like ${`%${escaped}%`} or lower(p.username) like ${`%${escaped}%`})
      order by starts_with desc, lower(coalesce(p.full_name, p.username)), p.id
      limit ${GROUPS.inviteSearchMax}`,
  );
  return { items: rows.map((r) => ({ person: toPersonSummary(r), invited: r.invited })) };
}
