import type {
  ForumGroupFields,
  ForumListQuery,
  ForumMemberQuery,
  MemberAction,
} from '@common/forums/schemas';
import {
  FORUM_MSG,
  FORUMS,
  type ForumGroup,
  type ForumGroupPage,
  type ForumImage,
  type ForumMember,
  type ForumMemberPage,
  type ForumMemberStatus,
  type ForumRole,
} from '@common/forums/model';
import { sql, type SQL } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson, type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  deleteImageByUrl,
  ownUploadedImage,
  inputSize,
  saveImage,
  type ImageInput,
} from '../../platform/images';
import { enforce } from '../../platform/rate-limit';
import { attachUpload, recordUpload } from '../../platform/upload-ledger';
import { publishToFeed } from '../feed';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { displayName } from '@common/profiles/model';
import type { Envelope } from '../../platform/bus';
import { createNotification, notificationEnvelope } from '../notifications';
import {
  canSeeWholeProfile,
  PERSON_SUMMARY_COLUMNS,
  toPersonSummary,
  type PersonSummaryRow,
} from '../profiles';
import {
  afterCursor,
  groupChanged,
  groupNotFound,
  iso,
  microsOf,
  pageOf,
  readCursor,
  rowsOf,
  summaryColumns,
  toSummary,
  type ForumDeps,
  type SummaryRow,
} from './forum-rows';

/*
 * Forum groups and their members: create (the creator the owner,
 * approved, a feed item), the lists (All Groups, My Groups, a person's), one group's page, joining
 * (a pending row), approving, rejecting, removing, promoting and demoting. The owner acts on
 * anyone but themself; a moderator only on plain members (pending or approved); role changes are
 * the owner's. Posts and replies are in forum-posts.service.ts.
 */

const CREATE_LIMIT = { name: 'forum-create', max: FORUMS.createsPerDay, windowSec: 24 * 60 * 60 };
const JOIN_LIMIT = { name: 'forum-join', max: FORUMS.joinRequestsPerHour, windowSec: 60 * 60 };

/** A 'group_action' notification in the transaction; the envelope to publish after commit. */
async function forumNotice(
  tx: Tx,
  n: { userId: string; actorId: string; message: string; groupId: string },
): Promise<Envelope | null> {
  const created = await createNotification(tx, {
    userId: n.userId,
    actorId: n.actorId,
    type: 'group_action',
    title: NOTIFICATION_TEXT.groupAction.title,
    message: n.message,
    link: `/forums/group/${n.groupId}`,
    relatedId: n.groupId,
    data: { forumGroupId: n.groupId },
    groupKey: null,
  });
  return created ? notificationEnvelope(n.userId, created) : null;
}

const isEnvelope = (e: Envelope | null): e is Envelope => e !== null;

/** A forum cover over FORUMS.coverMaxBytes (refused while it arrives: platform/uploads.ts). */
export const forumCoverTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FORUM_MSG.fileTooLargeHint);

/** POST /api/forums/images: a cover under 5 MB, re-encoded and stored as the viewer's. */
export async function uploadForumCover(
  deps: ForumDeps,
  viewer: Viewer,
  file: ImageInput,
): Promise<ForumImage> {
  if (inputSize(file) > FORUMS.coverMaxBytes) throw forumCoverTooLarge();
  const saved = await saveImage(deps.storage, file, { preset: 'cover', ownerId: viewer.id });
  // Unattached until a group shows it (attachUpload); swept after two hours otherwise.
  await recordUpload(deps.db, deps.storage, viewer.id, saved.url, {
    attached: false,
    bytes: saved.bytes,
  }).catch(async (err) => {
    await deleteImageByUrl(deps.storage, saved.url, viewer.id).catch(() => false);
    throw err;
  });
  return { url: saved.url };
}

/** POST /api/forums: the creator is owner and approved; a 'forum_group_created' feed item. */
export async function createForumGroup(
  deps: ForumDeps,
  viewer: Viewer,
  input: ForumGroupFields,
): Promise<ForumGroup> {
  const cover = await ownUploadedImage(deps.storage, viewer.id, input.coverImage, 'cover', () => {
    return new AppError('VALIDATION', FORUM_MSG.uploadFailedHint, { coverImage: FORUM_MSG.uploadFailedHint });
  });
  const id = await deps.db.transaction(async (tx) => {
    await enforce(tx, CREATE_LIMIT, viewer.id);
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into forum_groups (name, description, cover_image, created_by)
        values (${input.name}, ${input.description}, ${cover}, ${viewer.id}) returning id::text as id`,
    );
    if (!row) throw new Error('forum group was not written');
    await tx.execute(
      sql`insert into forum_group_members (group_id, user_id, role, status, approved_at, approved_by)
        values (${row.id}, ${viewer.id}, 'owner', 'approved', now(), ${viewer.id})`,
    );
    await attachUpload(tx, deps.storage, cover);
    await publishToFeed(
      { db: tx, bus: deps.bus },
      {
        kind: 'forum_group_created',
        contentId: row.id,
        userId: viewer.id,
        title: FORUM_MSG.feedNewGroup(input.name),
        description: input.description || null,
        imageUrl: cover,
        link: `/forums/group/${row.id}`,
      },
    );
    return row.id;
  });
  return getForumGroup(deps, viewer, id);
}

/** The SQL of GET /api/forums: newest first, walking forum_groups_created_idx backward. */
export function forumListQuery(viewerId: string | null, q: ForumListQuery): SQL {
  const where: SQL[] = [sql`g.is_public`];
  if (q.tab === 'my' && viewerId)
    where.push(
      sql`exists (select 1 from forum_group_members m where m.group_id = g.id and m.user_id = ${viewerId})`,
    );
  if (q.member)
    where.push(
      sql`exists (select 1 from forum_group_members m where m.group_id = g.id and m.user_id = ${q.member}
        and m.status = 'approved')`,
    );
  if (q.q) {
    const pattern = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(g.name) like ${pattern} or lower(g.description) like ${pattern})`);
  }
  where.push(afterCursor(sql`g.created_at`, sql`g.id`, readCursor(q.cursor), 'desc'));
  return sql`select ${summaryColumns(viewerId)}, ${microsOf(sql`g.created_at`)} as sort_micros
    from forum_groups g where ${sql.join(where, sql` and `)}
    order by g.created_at desc, g.id desc limit ${q.limit + 1}`;
}

/** GET /api/forums. Visitors browse All Groups; My Groups needs sign-in. */
export async function listForumGroups(
  deps: ForumDeps,
  viewer: Viewer | null,
  q: ForumListQuery,
): Promise<ForumGroupPage> {
  const viewerId = viewer?.id ?? null;
  if (q.tab === 'my' && !viewerId) throw new AppError('UNAUTHENTICATED');
  // A profile's communities: shown exactly to who sees that whole profile (not to someone blocked
  // either way, nor of a hidden account, nor to a non-friend of a friends-only profile).
  if (q.member && q.member !== viewerId && !(await canSeeWholeProfile(deps.db, viewerId, q.member)))
    return { items: [], nextCursor: null };
  const rows = await rowsOf<SummaryRow & { sort_micros: string }>(deps.db, forumListQuery(viewerId, q));
  return pageOf(rows, q.limit, toSummary);
}

/** The group as the viewer sees it, or null. */
export async function readForumGroup(
  db: Tx,
  viewerId: string | null,
  id: string,
): Promise<ForumGroup | null> {
  const pending = viewerId
    ? sql`case when exists (select 1 from forum_group_members x where x.group_id = g.id and x.user_id = ${viewerId}
          and x.status = 'approved' and x.role in ('owner', 'moderator'))
        then (select count(*)::int from forum_group_members pr join profiles p on p.id = pr.user_id
          where pr.group_id = g.id and pr.status = 'pending' and ${visiblePerson('p')}
            and not (pr.user_id = any (${blockedEitherIds(viewerId)})))
        else 0 end`
    : sql`0`;
  const [row] = await rowsOf<SummaryRow & { pending_count: number }>(
    db,
    sql`select ${summaryColumns(viewerId)}, ${pending} as pending_count from forum_groups g
      where g.id = ${id} and g.is_public`,
  );
  if (!row) return null;
  const summary = toSummary(row);
  const approved = summary.membership?.status === 'approved';
  return {
    ...summary,
    isMember: approved,
    canPost: approved,
    canModerate: approved && summary.membership?.role !== 'member',
    pendingCount: Number(row.pending_count),
  };
}

/** GET /api/forums/{id}: a missing group is the 404. */
export async function getForumGroup(deps: ForumDeps, viewer: Viewer | null, id: string): Promise<ForumGroup> {
  const group = await readForumGroup(deps.db, viewer?.id ?? null, id);
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The viewer's role in the group, locking their row until the transaction ends; the 404 for a
 * missing group and a 403 when they are not an approved member (or, with `moderate`, not the owner
 * or a moderator).
 */
export async function requireForumRole(
  tx: Tx,
  viewerId: string,
  groupId: string,
  needed: 'member' | 'moderator' | 'owner',
): Promise<{ role: ForumRole; name: string }> {
  const [row] = await rowsOf<{ role: ForumRole | null; status: ForumMemberStatus | null; name: string }>(
    tx,
    sql`select g.name, m.role, m.status from forum_groups g
      left join forum_group_members m on m.group_id = g.id and m.user_id = ${viewerId}
      where g.id = ${groupId} and g.is_public for share of g`,
  );
  if (!row) throw groupNotFound();
  if (!row.role || row.status !== 'approved')
    throw new AppError('FORBIDDEN', needed === 'member' ? FORUM_MSG.onlyMembers : FORUM_MSG.onlyModerators);
  if (needed === 'moderator' && row.role === 'member')
    throw new AppError('FORBIDDEN', FORUM_MSG.onlyModerators);
  if (needed === 'owner' && row.role !== 'owner') throw new AppError('FORBIDDEN', FORUM_MSG.onlyOwner);
  return { role: row.role, name: row.name };
}

type MemberRow = PersonSummaryRow & {
  id: string;
  role: ForumRole;
  status: ForumMemberStatus;
  joined_at: string | Date;
  approved_at: string | Date | null;
  sort_micros: string;
};

/**
 * GET /api/forums/{id}/members?status=approved|pending: the members (anyone), or the pending
 * requests (owner and moderators only), oldest first; hidden accounts and people blocked either
 * way left out.
 */
export async function listForumMembers(
  deps: ForumDeps,
  viewer: Viewer | null,
  groupId: string,
  q: ForumMemberQuery,
): Promise<ForumMemberPage> {
  if (q.status === 'pending') {
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    await requireForumRole(deps.db, viewer.id, groupId, 'moderator');
  } else {
    const [g] = await rowsOf(deps.db, sql`select 1 from forum_groups where id = ${groupId} and is_public`);
    if (!g) throw groupNotFound();
  }
  const blocks = viewer ? sql`and not (m.user_id = any (${blockedEitherIds(viewer.id)}))` : sql``;
  const rows = await rowsOf<MemberRow>(
    deps.db,
    sql`select ${PERSON_SUMMARY_COLUMNS}, m.id::text as id, m.role, m.status, m.joined_at, m.approved_at,
        ${microsOf(sql`m.joined_at`)} as sort_micros
      from forum_group_members m join profiles p on p.id = m.user_id
      where m.group_id = ${groupId} and m.status = ${q.status} and ${visiblePerson('p')} ${blocks}
        and ${afterCursor(sql`m.joined_at`, sql`m.id`, readCursor(q.cursor), 'asc')}
      order by m.joined_at, m.id limit ${q.limit + 1}`,
  );
  return pageOf(rows, q.limit, (r): ForumMember => ({
    person: toPersonSummary(r),
    role: r.role,
    status: r.status,
    joinedAt: iso(r.joined_at),
    approvedAt: r.approved_at ? iso(r.approved_at) : null,
  }));
}

/** POST /api/forums/{id}/join: a pending request (role member); its moderators see it live. */
export async function requestToJoinForum(deps: ForumDeps, viewer: Viewer, groupId: string): Promise<void> {
  const notices = await deps.db.transaction(async (tx) => {
    const [g] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from forum_groups where id = ${groupId} and is_public`,
    );
    if (!g) throw groupNotFound();
    await enforce(tx, JOIN_LIMIT, viewer.id);
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into forum_group_members (group_id, user_id, role, status) values (${groupId}, ${viewer.id}, 'member', 'pending')
        on conflict (group_id, user_id) do nothing returning id::text as id`,
    );
    if (!row) {
      const mine = await rowsOf<{ status: ForumMemberStatus }>(
        tx,
        sql`select status from forum_group_members where group_id = ${groupId} and user_id = ${viewer.id}`,
      );
      throw new AppError(
        'CONFLICT',
        mine[0]?.status === 'pending' ? FORUM_MSG.requestPendingAlready : FORUM_MSG.alreadyMember,
      );
    }
    // The owner and moderators who may see the requester (blocks either way keep them apart).
    const [me] = await rowsOf<{ username: string; full_name: string | null }>(
      tx,
      sql`select username, full_name from profiles where id = ${viewer.id}`,
    );
    const name = me ? displayName({ username: me.username, fullName: me.full_name }) : '';
    const moderators = await rowsOf<{ user_id: string }>(
      tx,
      sql`select m.user_id::text as user_id from forum_group_members m
        where m.group_id = ${groupId} and m.status = 'approved' and m.role in ('owner', 'moderator')
          and not (m.user_id = any (${blockedEitherIds(viewer.id)}))`,
    );
    const out: (Envelope | null)[] = [];
    for (const m of moderators)
      out.push(
        await forumNotice(tx, {
          userId: m.user_id,
          actorId: viewer.id,
          message: FORUM_MSG.joinRequestNotice(name, g.name),
          groupId,
        }),
      );
    return out.filter(isEnvelope);
  });
  deps.bus.publish(groupChanged(groupId, 'requests'), ...notices);
}

/** POST /api/forums/{id}/leave: a member leaves, or withdraws a pending request; never the owner. */
export async function leaveForumGroup(deps: ForumDeps, viewer: Viewer, groupId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ role: ForumRole }>(
      tx,
      sql`select role from forum_group_members where group_id = ${groupId} and user_id = ${viewer.id} for update`,
    );
    if (!row) throw groupNotFound();
    if (row.role === 'owner') throw new AppError('CONFLICT', FORUM_MSG.ownerCannotLeave);
    await tx.execute(
      sql`delete from forum_group_members where group_id = ${groupId} and user_id = ${viewer.id}`,
    );
  });
  deps.bus.publish(groupChanged(groupId, 'members'), groupChanged(groupId, 'requests'));
}

/**
 * The target member's row as the actor may act on it, else the 404 (missing, or the actor). Blocks do
 * not count here: a member who blocks the moderators is still moderated (issue 26).
 */
async function targetRow(
  tx: Tx,
  actor: { id: string; role: ForumRole },
  groupId: string,
  userId: string,
): Promise<{ role: ForumRole; status: ForumMemberStatus }> {
  const [row] = await rowsOf<{ role: ForumRole; status: ForumMemberStatus }>(
    tx,
    sql`select m.role, m.status from forum_group_members m
      where m.group_id = ${groupId} and m.user_id = ${userId} and m.user_id <> ${actor.id} for update`,
  );
  if (!row) throw new AppError('NOT_FOUND', FORUM_MSG.memberGone);
  if (row.role === 'owner') throw new AppError('FORBIDDEN', FORUM_MSG.ownerFixed);
  // A moderator acts only on plain members.
  if (actor.role === 'moderator' && row.role !== 'member')
    throw new AppError('FORBIDDEN', FORUM_MSG.onlyOwner);
  return row;
}

/**
 * POST /api/forums/{id}/members/{userId} {action}: approve a pending request (owner or moderator),
 * promote a member to moderator or demote a moderator (owner only).
 */
export async function actOnMember(
  deps: ForumDeps,
  viewer: Viewer,
  groupId: string,
  userId: string,
  { action }: MemberAction,
): Promise<void> {
  const notices = await deps.db.transaction(async (tx) => {
    const actor = await requireForumRole(
      tx,
      viewer.id,
      groupId,
      action === 'approve' ? 'moderator' : 'owner',
    );
    const row = await targetRow(tx, { id: viewer.id, role: actor.role }, groupId, userId);
    const ok =
      action === 'approve'
        ? row.status === 'pending'
        : row.status === 'approved' && row.role === (action === 'promote' ? 'member' : 'moderator');
    if (!ok) throw new AppError('CONFLICT', FORUM_MSG.memberGone);
    const set =
      action === 'approve'
        ? sql`status = 'approved', approved_at = now(), approved_by = ${viewer.id}`
        : sql`role = ${action === 'promote' ? 'moderator' : 'member'}`;
    await tx.execute(
      sql`update forum_group_members set ${set} where group_id = ${groupId} and user_id = ${userId}`,
    );
    if (action !== 'approve') return [];
    const notice = await forumNotice(tx, {
      userId,
      actorId: viewer.id,
      message: FORUM_MSG.approvedNotice(actor.name),
      groupId,
    });
    return [notice].filter(isEnvelope);
  });
  deps.bus.publish(
    ...notices,
    groupChanged(groupId, 'members'),
    ...(action === 'approve' ? [groupChanged(groupId, 'requests')] : []),
    // What they may do on the post pages changed.
    { to: [userId], event: groupChanged(groupId, 'group').event },
  );
}

/**
 * DELETE /api/forums/{id}/members/{userId}: reject a request or remove a member (owner on anyone but the
 * owner, moderators on plain members).
 */
export async function removeMember(deps: ForumDeps, viewer: Viewer, groupId: string, userId: string) {
  const status = await deps.db.transaction(async (tx) => {
    const actor = await requireForumRole(tx, viewer.id, groupId, 'moderator');
    const row = await targetRow(tx, { id: viewer.id, role: actor.role }, groupId, userId);
    await tx.execute(
      sql`delete from forum_group_members where group_id = ${groupId} and user_id = ${userId}`,
    );
    return row.status;
  });
  deps.bus.publish(groupChanged(groupId, status === 'pending' ? 'requests' : 'members'), {
    to: [userId],
    event: groupChanged(groupId, 'group').event,
  });
}
