import {
  PEOPLE_PICKER,
  PROFILE_MSG,
  type PersonSuggestion,
  type PersonSummary,
} from '@common/profiles/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import { suggestionDismissals } from '../../db/schema';
import { AppError } from '../../lib/errors';

/*
 * Two ways to find people (issue 21): "People you may know" on a new member's home, and the
 * people the New message action offers. Both leave out the viewer, deleted and banned people and
 * anyone blocked either way.
 */

const person = sql`p.id, p.username, p.full_name as "fullName", p.avatar_url as "avatarUrl", p.title,
  case when p.deleted_at is null then p.bio end as bio`;

/**
 * Friends of friends first (most friends in common), then people who share a skill or the
 * company; never someone the viewer already follows, asked or befriended, nor anyone dismissed.
 */
export async function listPeopleYouMayKnow(db: Db, viewerId: string): Promise<PersonSuggestion[]> {
  const { rows } = await db.execute<PersonSuggestion>(sql`
    with me as (select company, skills from profiles where id = ${viewerId}),
    excluded as (
      select ${viewerId}::uuid as id
      union all select connected_user_id from connections where user_id = ${viewerId}
      union all select dismissed_id from suggestion_dismissals where user_id = ${viewerId}
      union all select unnest(${blockedEitherIds(viewerId)})
    ),
    fof as (
      select f2.connected_user_id as id, count(*)::int as mutual
      from connections f1
      join connections f2 on f2.user_id = f1.connected_user_id and f2.status = 'friends'
      where f1.user_id = ${viewerId} and f1.status = 'friends'
      group by f2.connected_user_id
    ),
    candidates as (
      select id, mutual, 0 as shared from fof where id not in (select id from excluded)
      union all
      (select p.id, 0, (cardinality(array(select unnest(p.skills) intersect select unnest(me.skills)))
                 + case when me.company <> '' and lower(p.company) = lower(me.company) then 1 else 0 end)::int
       from profiles p, me
       -- The viewer's skills and company as one-time values, so the skills (GIN) and company
       -- indexes find the matches; compared row by row, a member with neither read every profile.
       where (p.skills && (select skills from me)
              or (p.company <> '' and lower(p.company) = (select lower(company) from me)))
         and p.id not in (select id from excluded) and p.id not in (select id from fof)
       limit 200)
    )
    select ${person}, c.mutual as "mutualFriends", c.shared as "sharedInterests"
    from candidates c join profiles p on p.id = c.id
    where ${visiblePerson('p')}
    order by c.mutual desc, c.shared desc, p.search_name, p.id
    limit ${PEOPLE_PICKER.suggestions}`);
  return rows;
}

/** The viewer will not be offered this person again. */
export async function dismissSuggestion(db: Db, viewerId: string, otherId: string) {
  if (otherId === viewerId) throw new AppError('VALIDATION', PROFILE_MSG.notFound);
  const [exists] = await db
    .execute<{ ok: boolean }>(sql`select exists (select 1 from profiles where id = ${otherId}) as ok`)
    .then((r) => r.rows);
  if (!exists?.ok) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
  await db
    .insert(suggestionDismissals)
    .values({ userId: viewerId, dismissedId: otherId })
    .onConflictDoNothing();
}

/**
 * The New message action: people whose name matches `q` (or, without one, the viewer's friends and
 * the people they follow), friends and people followed first, then anyone else they may message
 * (everyone visible who does not block them either way), alphabetically. The @ picker of
 * mentions asks the same, fewer at a time.
 */
export async function listMessageRecipients(
  db: Db,
  viewerId: string,
  q: string,
  limit: number = PEOPLE_PICKER.recipients,
): Promise<(PersonSummary & { isConnection: boolean })[]> {
  const text = q.trim().toLowerCase();
  const like = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const match = text
    ? sql`(p.search_name like ${`${like}%`} or p.search_name like ${`% ${like}%`})`
    : sql`true`;
  const base = sql`${visiblePerson('p')} and p.id <> ${viewerId} and not (p.id = any (${blockedEitherIds(viewerId)})) and ${match}`;
  const { rows: connected } = await db.execute<PersonSummary>(sql`
    select ${person} from connections c join profiles p on p.id = c.connected_user_id
    where c.user_id = ${viewerId} and c.status in ('friends', 'following') and ${base}
    order by c.status = 'friends' desc, p.search_name, p.id limit ${limit}`);
  const result = connected.map((p) => ({ ...p, isConnection: true }));
  if (!text || result.length >= limit) return result;
  const { rows: others } = await db.execute<PersonSummary>(sql`
    select ${person} from profiles p
    where ${base} and not exists (select 1 from connections c where c.user_id = ${viewerId}
      and c.connected_user_id = p.id and c.status in ('friends', 'following'))
    order by p.search_name, p.id limit ${limit - result.length}`);
  return [...result, ...others.map((p) => ({ ...p, isConnection: false }))];
}
