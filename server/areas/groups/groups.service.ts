import type { GroupFields, GroupListQuery, PageQuery } from '@common/groups/schemas';
import {
  GROUP_MSG,
  GROUPS,
  type Group,
  type GroupMember,
  type GroupMemberPage,
  type GroupPage,
  type GroupRole,
} from '@common/groups/model';
import { sql, type SQL } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson, type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordModeration } from '../../platform/audit';
import { enforce } from '../../platform/rate-limit';
import { attachUpload } from '../../platform/upload-ledger';
import { publishToFeed } from '../feed';
import {
  canSeeWholeProfile,
  PERSON_SUMMARY_COLUMNS,
  toPersonSummary,
  type PersonSummaryRow,
} from '../profiles';
import {
  afterCursor,
  groupChanged,
  groupOpenTo,
  groupShownTo,
  iso,
  memberCountSql,
  microsOf,
  notFound,
  ownImage,
  pageOf,
  rowsOf,
  readCursor,
  SUMMARY_COLUMNS,
  toSummary,
  type GroupDeps,
  type SummaryRow,
} from './group-rows';

/*
 * Groups themselves: create (public, the creator its admin, a
 * feed item), the lists (All Groups, My Groups, a person's communities, searched by name or
 * description), one group's page, its members, privacy (its admins), and leaving (a real write,
 * docs/product-rules.md: every feature is a real write; the last admin names another first). Membership
 * requests and invitations are in group-membership.service.ts, posts in group-posts.service.ts.
 */

const CREATE_LIMIT = { name: 'group-create', max: GROUPS.createsPerDay, windowSec: 24 * 60 * 60 };

/** The group's one feed item 'New group created: {name}', seen by whoever may see the group. */
export function putGroupOnFeed(
  db: Tx,
  deps: Pick<GroupDeps, 'bus'>,
  g: { id: string; name: string; description: string; coverImage: string | null; createdBy: string },
) {
  return publishToFeed(
    { db, bus: deps.bus },
    {
      kind: 'group',
      contentId: g.id,
      userId: g.createdBy,
      title: GROUP_MSG.feedNewGroup(g.name),
      description: g.description,
      imageUrl: g.coverImage,
      link: `/groups/${g.id}`,
      // Every group item names its group: were it made private, only members would see it.
      audienceGroupId: g.id,
    },
  );
}

/** POST /api/groups: a public group; the creator is its admin; it goes on the feed. */
export async function createGroup(deps: GroupDeps, viewer: Viewer, input: GroupFields): Promise<Group> {
  const cover = await ownImage(
    deps.storage,
    viewer.id,
    input.coverImage,
    'cover',
    'coverImage',
    GROUP_MSG.imageNotUploaded,
  );
  const id = await deps.db.transaction(async (tx) => {
    await enforce(tx, CREATE_LIMIT, viewer.id);
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into groups (name, description, cover_image, is_private, created_by)
        values (${input.name}, ${input.description}, ${cover}, false, ${viewer.id})
        returning id::text as id`,
    );
    if (!row) throw new Error('group was not written');
    await tx.execute(
      sql`insert into group_members (group_id, user_id, role) values (${row.id}, ${viewer.id}, 'admin')`,
    );
    await attachUpload(tx, deps.storage, cover);
    await putGroupOnFeed(tx, deps, { ...input, id: row.id, coverImage: cover, createdBy: viewer.id });
    return row.id;
  });
  return getGroup(deps, viewer, id);
}

/**
 * The SQL of GET /api/groups: All Groups (what the viewer may see), My Groups, or one person's
 * groups (their profile's communities: what the viewer may see of them), optionally those whose
 * name or description holds `q`; newest first, walking groups_created_idx backward.
 */
export function groupListQuery(viewerId: string | null, q: GroupListQuery): SQL {
  const where: SQL[] = [groupOpenTo(viewerId)];
  if (q.tab === 'my')
    where.push(
      sql`exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${viewerId})`,
    );
  if (q.member)
    where.push(
      sql`exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${q.member})`,
    );
  if (q.q) {
    const pattern = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(g.name) like ${pattern} or lower(g.description) like ${pattern})`);
  }
  where.push(afterCursor(sql`g.created_at`, sql`g.id`, readCursor(q.cursor), 'desc'));
  // A profile's communities also say the person's role in each group (the admin badge).
  const memberRole = q.member
    ? sql`, (select m.role from group_members m where m.group_id = g.id and m.user_id = ${q.member}) as member_role`
    : sql``;
  return sql`select ${SUMMARY_COLUMNS}, ${microsOf(sql`g.created_at`)} as sort_micros${memberRole}
    from groups g where ${sql.join(where, sql` and `)}
    order by g.created_at desc, g.id desc limit ${q.limit + 1}`;
}

/** GET /api/groups. Visitors browse All Groups; My Groups needs sign-in. */
export async function listGroups(
  deps: GroupDeps,
  viewer: Viewer | null,
  q: GroupListQuery,
): Promise<GroupPage> {
  const viewerId = viewer?.id ?? null;
  if (q.tab === 'my' && !viewerId) throw new AppError('UNAUTHENTICATED');
  // A profile's communities: shown exactly to who sees that whole profile (not to someone blocked
  // either way, nor of a hidden account, nor to a non-friend of a friends-only profile).
  if (q.member && q.member !== viewerId && !(await canSeeWholeProfile(deps.db, viewerId, q.member)))
    return { items: [], nextCursor: null };
  const rows = await rowsOf<SummaryRow & { sort_micros: string; member_role?: GroupRole | null }>(
    deps.db,
    groupListQuery(viewerId, q),
  );
  return pageOf(rows, q.limit, (r) =>
    q.member ? { ...toSummary(r), memberRole: r.member_role ?? null } : toSummary(r),
  );
}

type GroupRow = SummaryRow & {
  created_by: string | null;
  role: GroupRole | null;
  request_pending: boolean;
  invitation_id: string | null;
};

/** The group as the viewer may see it, or null. */
export async function readGroup(db: Tx, viewerId: string, id: string): Promise<Group | null> {
  const [row] = await rowsOf<GroupRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}, g.created_by::text as created_by,
        (select m.role from group_members m where m.group_id = g.id and m.user_id = ${viewerId}) as role,
        exists (select 1 from group_join_requests r where r.group_id = g.id and r.user_id = ${viewerId}
          and r.status = 'pending') as request_pending,
        (select i.id::text from group_invitations i where i.group_id = g.id and i.invited_user_id = ${viewerId}
          and i.status = 'pending') as invitation_id
      from groups g where g.id = ${id} and ${groupShownTo(viewerId)}`,
  );
  if (!row) return null;
  return {
    ...toSummary(row),
    createdBy: row.created_by,
    membership: { role: row.role, requestPending: row.request_pending, invitationId: row.invitation_id },
    isAdmin: row.role === 'admin',
    isMember: row.role !== null,
  };
}

/** GET /api/groups/{id}. Missing or private to the viewer: the same 404. */
export async function getGroup(deps: GroupDeps, viewer: Viewer, id: string): Promise<Group> {
  const group = await readGroup(deps.db, viewer.id, id);
  if (!group) throw notFound();
  return group;
}

/**
 * The group if the viewer may read inside it (posts, members), else the 404: missing, private to
 * them, or only shown to them as an invitation.
 */
export async function requireOpenGroup(db: Tx, viewerId: string, id: string): Promise<{ isMember: boolean }> {
  const [row] = await rowsOf<{ member: boolean }>(
    db,
    sql`select exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${viewerId}) as member
      from groups g where g.id = ${id} and ${groupOpenTo(viewerId)}`,
  );
  if (!row) throw notFound();
  return { isMember: row.member };
}

/**
 * The viewer's role in a group they may see, locking their membership row until the transaction
 * ends; the 404 when they may not see the group, and 403 `refusal` when they are not `needed`.
 */
export async function requireRole(
  tx: Tx,
  viewerId: string,
  groupId: string,
  needed: 'member' | 'admin',
): Promise<{ role: GroupRole; name: string; description: string; isPrivate: boolean }> {
  const [row] = await rowsOf<{
    role: GroupRole | null;
    name: string;
    description: string;
    is_private: boolean;
  }>(
    tx,
    sql`select (select m.role from group_members m where m.group_id = g.id and m.user_id = ${viewerId}) as role,
        g.name, g.description, g.is_private
      from groups g where g.id = ${groupId} and ${groupOpenTo(viewerId)} for share of g`,
  );
  if (!row) throw notFound();
  if (!row.role)
    throw new AppError('FORBIDDEN', needed === 'admin' ? GROUP_MSG.onlyAdmins : GROUP_MSG.onlyMembers);
  if (needed === 'admin' && row.role !== 'admin') throw new AppError('FORBIDDEN', GROUP_MSG.onlyAdmins);
  return { role: row.role, name: row.name, description: row.description, isPrivate: row.is_private };
}

/**
 * PATCH /api/groups/{id} {isPrivate}: its admins make it private or public again. Every group item
 * on the feed already names the group, so the feed follows; live subscriptions to the group and to
 * its posts are checked again at once.
 */
export async function setGroupPrivacy(
  deps: GroupDeps,
  viewer: Viewer,
  id: string,
  isPrivate: boolean,
): Promise<Group> {
  const posts = await deps.db.transaction(async (tx) => {
    await requireRole(tx, viewer.id, id, 'admin');
    await tx.execute(sql`update groups set is_private = ${isPrivate} where id = ${id}`);
    return rowsOf<{ id: string }>(tx, sql`select id::text as id from group_posts where group_id = ${id}`);
  });
  // Re-authorise `group:{id}` and every `content:group_post:{post}` (a topic `<prefix>:<x>` is
  // re-checked when access.changed names x), in chunks that fit a NOTIFY payload.
  const names = [id, ...posts.map((p) => `group_post:${p.id}`)];
  const changes = [];
  for (let i = 0; i < names.length; i += 100)
    changes.push({ event: { type: 'access.changed' as const, userIds: names.slice(i, i + 100) } });
  deps.bus.publish(groupChanged(id, 'group'), ...changes);
  return getGroup(deps, viewer, id);
}

type MemberRow = PersonSummaryRow & {
  role: GroupRole;
  joined_at: string | Date;
  sort_micros: string;
  id: string;
};

/**
 * GET /api/groups/{id}/members: oldest member first (admins are not sorted apart), people the viewer
 * blocked or was blocked by and hidden accounts left out; with the group's member count (the one
 * rule of memberCountSql, so the sidebar's 'View all N members' says what the header says).
 */
export async function listMembers(
  deps: GroupDeps,
  viewer: Viewer,
  id: string,
  q: PageQuery,
): Promise<GroupMemberPage> {
  await requireOpenGroup(deps.db, viewer.id, id);
  const shown = sql`m.group_id = ${id} and ${visiblePerson('p')} and not (m.user_id = any (${blockedEitherIds(viewer.id)}))`;
  const [rows, counted] = await Promise.all([
    rowsOf<MemberRow>(
      deps.db,
      sql`select ${PERSON_SUMMARY_COLUMNS}, m.role, m.joined_at, m.id::text as id,
          ${microsOf(sql`m.joined_at`)} as sort_micros
        from group_members m join profiles p on p.id = m.user_id
        where ${shown} and ${afterCursor(sql`m.joined_at`, sql`m.id`, readCursor(q.cursor), 'asc')}
        order by m.joined_at, m.id limit ${q.limit + 1}`,
    ),
    rowsOf<{ n: number }>(deps.db, sql`select ${memberCountSql()} as n from groups g where g.id = ${id}`),
  ]);
  const page = pageOf(rows, q.limit, (r): GroupMember => ({
    person: toPersonSummary(r),
    role: r.role,
    joinedAt: iso(r.joined_at),
  }));
  return { ...page, total: Number(counted[0]?.n ?? 0) };
}

/**
 * DELETE /api/groups/{id}/members/{userId}: an admin (the owner included) removes a member; never
 * the owner (its creator), and not themself (that is leaving). Blocks do not count: a member who
 * blocks the admins is still removable. The removed person's live topics of the group are checked
 * again at once, so a private group's events stop reaching them.
 */
export async function removeMember(
  deps: GroupDeps,
  viewer: Viewer,
  id: string,
  userId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Serialise changes to the group's members and admins.
    await tx.execute(sql`select 1 from groups where id = ${id} for update`);
    await requireRole(tx, viewer.id, id, 'admin');
    const [target] = await rowsOf<{ is_owner: boolean }>(
      tx,
      sql`select coalesce(g.created_by = m.user_id, false) as is_owner
        from group_members m join groups g on g.id = m.group_id
        where m.group_id = ${id} and m.user_id = ${userId} and m.user_id <> ${viewer.id}`,
    );
    if (!target) throw new AppError('NOT_FOUND', GROUP_MSG.memberGone);
    if (target.is_owner) throw new AppError('FORBIDDEN', GROUP_MSG.ownerFixed);
    await tx.execute(sql`delete from group_members where group_id = ${id} and user_id = ${userId}`);
    await recordModeration(tx, {
      actorId: viewer.id,
      action: 'group.member-remove',
      targetType: 'user',
      targetId: userId,
      detail: { groupId: id, link: `/groups/${id}` },
    });
  });
  deps.bus.publish(groupChanged(id, 'members'), { event: { type: 'access.changed', userIds: [userId] } });
}

/**
 * PATCH /api/groups/{id}/members/{userId} {role}: an admin names a member admin, or makes an admin
 * a member again. Never the owner (the creator stays admin), never oneself (leaving is how an admin
 * steps down). Audited; the member's own page follows live.
 */
export async function setMemberRole(
  deps: GroupDeps,
  viewer: Viewer,
  id: string,
  userId: string,
  role: GroupRole,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from groups where id = ${id} for update`);
    await requireRole(tx, viewer.id, id, 'admin');
    const [target] = await rowsOf<{ is_owner: boolean; role: GroupRole }>(
      tx,
      sql`select coalesce(g.created_by = m.user_id, false) as is_owner, m.role
        from group_members m join groups g on g.id = m.group_id
        where m.group_id = ${id} and m.user_id = ${userId} and m.user_id <> ${viewer.id}
          and not (m.user_id = any (${blockedEitherIds(viewer.id)}))`,
    );
    if (!target) throw new AppError('NOT_FOUND', GROUP_MSG.memberGone);
    if (target.is_owner) throw new AppError('FORBIDDEN', GROUP_MSG.ownerFixed);
    if (target.role === role) return;
    await tx.execute(
      sql`update group_members set role = ${role} where group_id = ${id} and user_id = ${userId}`,
    );
    await recordModeration(tx, {
      actorId: viewer.id,
      action: role === 'admin' ? 'group.admin-grant' : 'group.admin-revoke',
      targetType: 'user',
      targetId: userId,
      detail: { groupId: id, link: `/groups/${id}` },
    });
  });
  deps.bus.publish(groupChanged(id, 'members'));
}

/**
 * POST /api/groups/{id}/leave {newAdminId}: the member leaves (a real write: docs/product-rules.md: every
 * feature is a real write). The last admin names another member, who becomes admin; the only member cannot
 * leave (a group keeps an admin). Their pending invitations and join request go too.
 */
export async function leaveGroup(
  deps: GroupDeps,
  viewer: Viewer,
  id: string,
  newAdminId: string | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Serialise changes to the group's admins.
    await tx.execute(sql`select 1 from groups where id = ${id} for update`);
    const { role } = await requireRole(tx, viewer.id, id, 'member');
    if (role === 'admin') {
      const [admins] = await rowsOf<{ others: number; members: number }>(
        tx,
        sql`select count(*) filter (where role = 'admin' and user_id <> ${viewer.id})::int as others,
            count(*) filter (where user_id <> ${viewer.id})::int as members
          from group_members where group_id = ${id}`,
      );
      if (!admins?.others) {
        if (!admins?.members) throw new AppError('CONFLICT', GROUP_MSG.lastAdminAlone);
        if (!newAdminId)
          throw new AppError('CONFLICT', GROUP_MSG.lastAdmin, { newAdminId: GROUP_MSG.lastAdmin });
        const promoted = await rowsOf(
          tx,
          sql`update group_members set role = 'admin' where group_id = ${id} and user_id = ${newAdminId}
            and user_id <> ${viewer.id} returning 1`,
        );
        if (!promoted.length)
          throw new AppError('VALIDATION', GROUP_MSG.newAdminNotMember, {
            newAdminId: GROUP_MSG.newAdminNotMember,
          });
      }
    }
    await tx.execute(sql`delete from group_members where group_id = ${id} and user_id = ${viewer.id}`);
    await tx.execute(sql`delete from group_join_requests where group_id = ${id} and user_id = ${viewer.id}`);
  });
  // A private group's topic is theirs no more.
  deps.bus.publish(groupChanged(id, 'members'), { event: { type: 'access.changed', userIds: [viewer.id] } });
}
