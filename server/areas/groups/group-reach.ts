import { sql, type SQL } from 'drizzle-orm';
import { GROUP_MSG } from '@common/groups/model';
import type { Tx } from '../../db/rules';
import type { SuggestionSource } from '../../platform/suggestion-sources';
import { rowsOf } from './group-rows';

/*
 * What other areas may ask about a person's groups without reading the groups' tables themselves:
 * the event invite dialog offers the members of the organizer's groups and invites a whole group.
 * Membership is the only rule: whoever is a member of a group sees its members (docs/product-rules.md).
 */

/**
 * SQL: the name of one group that both `userId` and the person `personId` (a column) belong to,
 * or null when they share none.
 */
export function sharedGroupNameSql(userId: string, personId: SQL): SQL<string | null> {
  return sql<string | null>`(select g.name from group_members mine
    join group_members theirs on theirs.group_id = mine.group_id
    join groups g on g.id = mine.group_id
    where mine.user_id = ${userId} and theirs.user_id = ${personId}
    order by g.name, g.id limit 1)`;
}

/** The person's groups (name order), with their member counts, at most `limit`. */
export async function groupsOfMember(
  db: Tx,
  userId: string,
  limit: number,
): Promise<{ id: string; name: string; memberCount: number }[]> {
  const rows = await rowsOf<{ id: string; name: string; member_count: number }>(
    db,
    sql`select g.id::text as id, g.name,
        (select count(*)::int from group_members c where c.group_id = g.id) as member_count
      from group_members m join groups g on g.id = m.group_id
      where m.user_id = ${userId}
      order by lower(g.name), g.id
      limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, memberCount: Number(r.member_count) }));
}

/**
 * The other members of a group `userId` belongs to, longest-standing first, at most `limit`; null
 * when they are not a member (the group is then answered like a missing one).
 */
export async function fellowMemberIds(
  tx: Tx,
  userId: string,
  groupId: string,
  limit: number,
): Promise<string[] | null> {
  const [mine] = await rowsOf(
    tx,
    sql`select 1 from group_members where group_id = ${groupId} and user_id = ${userId}`,
  );
  if (!mine) return null;
  const rows = await rowsOf<{ user_id: string }>(
    tx,
    sql`select user_id::text as user_id from group_members
      where group_id = ${groupId} and user_id <> ${userId}
      order by joined_at, id limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/** SQL: a `select user_id` of everyone who shares at least one group with `userId` (not them). */
export function fellowMembersSql(userId: string): SQL {
  return sql`select theirs.user_id from group_members mine
    join group_members theirs on theirs.group_id = mine.group_id
    where mine.user_id = ${userId} and theirs.user_id <> ${userId}`;
}

/**
 * How many of a viewer's groups, and of each group's newest members, People you may know reads:
 * bounded however large the groups grow.
 */
const SUGGESTION_GROUPS_MAX = 20;
const SUGGESTION_MEMBERS_PER_GROUP = 200;

/**
 * People you may know: the people who share a group with the viewer (most groups in common first),
 * "In <group>". Both are members, so a private group is named only to its own members (who see
 * its members anyway); the people area leaves out blocked and hidden people.
 */
export const sharedGroupSuggestions: SuggestionSource = {
  name: 'shared-groups',
  weight: 2,
  candidates: (viewerId, limit) => sql`select theirs.user_id as id, count(*)::int as strength
    from (select group_id from group_members where user_id = ${viewerId} limit ${SUGGESTION_GROUPS_MAX}) mine
    cross join lateral (select m.user_id from group_members m where m.group_id = mine.group_id
      order by m.joined_at desc, m.id desc limit ${SUGGESTION_MEMBERS_PER_GROUP}) theirs
    where theirs.user_id <> ${viewerId}
    group by theirs.user_id
    order by count(*) desc, theirs.user_id
    limit ${limit}`,
  reason: (viewerId, person) =>
    sql<string | null>`${GROUP_MSG.suggestionReasonPrefix}::text || ${sharedGroupNameSql(viewerId, person)}`,
};
