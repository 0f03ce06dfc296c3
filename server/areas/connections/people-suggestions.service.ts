import {
  PEOPLE_PICKER,
  PROFILE_MSG,
  type PersonSuggestion,
  type PersonSummary,
} from '@common/profiles/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import { suggestionDismissals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { suggestionSources } from '../../platform/suggestion-sources';

/*
 * Two ways to find people (issue 21): "People you may know" on a new member's home, and the
 * people the New message action offers. Both leave out the viewer, deleted and banned people and
 * anyone blocked either way.
 */

const person = sql`p.id, p.username, p.full_name as "fullName", p.avatar_url as "avatarUrl", p.title,
  case when p.deleted_at is null then p.bio end as bio`;

/** A suggestion as ranked: its person and what the connections area counted. */
type Ranked = { id: string; mutual: number; shared: number };
/** `profileAt`: when the viewer's profile (their skills, company) last changed, as ranked. */
type Ranking = { until: number; people: Ranked[]; complete: boolean; profileAt: string };

/** How long a member's ranking is kept (each process its own), and for how many members at most. */
const RANKING_MS = 3 * 60_000;
const RANKINGS_MAX = 5_000;
/** People ranked at a time: enough that a few followed or dismissed since leave a full card. */
const RANKED = PEOPLE_PICKER.suggestions * 3;
/** Candidates read from each signal before ranking (index-bounded). */
const CANDIDATES = 200;
/** What one mutual friend adds to a person's rank; a shared skill (or the company) adds 1. */
const MUTUAL_WEIGHT = 3;

/** SQL: the first registered source's reason for person `p.id`, or null. */
function reasonOf(viewerId: string): SQL<string | null> {
  const reasons = suggestionSources().map((s) => s.reason(viewerId, sql`p.id`));
  return reasons.length ? sql`coalesce(${sql.join(reasons, sql`, `)})` : sql`null::text`;
}

/** SQL: when the viewer's profile last changed, as text (compared, never shown). */
const viewerProfileAt = (viewerId: string) =>
  sql<string>`(select updated_at::text from profiles where id = ${viewerId})`;

const uuids = (xs: string[]) => `{${xs.join(',')}}`;
const ints = (xs: number[]) => `{${xs.join(',')}}`;

/**
 * People you may know, ranked by what the viewer has in common with each: every mutual friend counts
 * 3, every unit of a registered source its weight (a shared group 2), every shared skill and the
 * same company 1; ties go to more mutual friends, then by name. Never the viewer, someone they
 * already follow, asked or befriended, dismissed, block or are blocked by, nor a hidden account.
 *
 * Ranking reads the friend graph, the skills and company indexes and every source: it is kept for
 * a few minutes per member (RANKING_MS, bounded by RANKINGS_MAX). Serving a kept ranking reads
 * only its people again, with every exclusion and each source's reason as they are now, so a
 * follow, dismissal, block, ban or a group left shows at once on any instance; the member's own
 * connection changes also drop their ranking in this process (forget).
 */
export function createPeopleSuggestions(db: Db) {
  const rankings = new Map<string, Ranking>();

  async function rank(viewerId: string): Promise<{ items: PersonSuggestion[] }> {
    const sources = suggestionSources();
    const sourceRows = sources.map(
      (s) => sql`union all select s.id, 0, 0, s.strength * ${sql.raw(String(s.weight))}
        from (${s.candidates(viewerId, CANDIDATES)}) s`,
    );
    const rows = await queryRows<PersonSuggestion & { profileAt: string }>(
      db,
      sql`
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
      signals (id, mutual, shared, sourced) as (
        select id, mutual, 0, 0 from fof
        union all
        (select p.id, 0, (cardinality(array(select unnest(p.skills) intersect select unnest(me.skills)))
                   + case when me.company <> '' and lower(p.company) = lower(me.company) then 1 else 0 end)::int, 0
         from profiles p, me
         -- The viewer's skills and company as one-time values, so the skills (GIN) and company
         -- indexes find the matches; compared row by row, a member with neither read every profile.
         where (p.skills && (select skills from me)
                or (p.company <> '' and lower(p.company) = (select lower(company) from me)))
           and p.id not in (select id from excluded)
         limit ${CANDIDATES})
        ${sql.join(sourceRows, sql` `)}
      ),
      ranked as (
        select id, sum(mutual)::int as mutual, sum(shared)::int as shared,
          ${sql.raw(String(MUTUAL_WEIGHT))} * sum(mutual)::int + sum(sourced)::int + sum(shared)::int as score
        from signals where id not in (select id from excluded) group by id
      ),
      -- The best by rank before reading their profiles: hidden accounts are few.
      top as (select * from ranked order by score desc, mutual desc, id limit ${RANKED * 4})
      select ${person}, t.mutual as "mutualFriends", t.shared as "sharedInterests", ${reasonOf(viewerId)} as reason,
        ${viewerProfileAt(viewerId)} as "profileAt"
      from top t join profiles p on p.id = t.id
      where ${visiblePerson('p')}
      order by t.score desc, t.mutual desc, p.search_name, p.id
      limit ${RANKED}`,
    );
    const people = rows.map((r) => ({ id: r.id, mutual: r.mutualFriends, shared: r.sharedInterests }));
    const items = rows.slice(0, PEOPLE_PICKER.suggestions).map(({ profileAt: _, ...item }) => item);
    // Nobody in common (a new member, most often) is cheap to find again, and is not kept: the
    // skills they add next show their people at once.
    if (!rows.length) {
      rankings.delete(viewerId);
      return { items };
    }
    const ranking: Ranking = {
      until: Date.now() + RANKING_MS,
      people,
      complete: rows.length < RANKED,
      profileAt: rows[0]!.profileAt,
    };
    if (rankings.size >= RANKINGS_MAX) {
      // Oldest first: a Map iterates in insertion order.
      for (const k of rankings.keys()) {
        rankings.delete(k);
        if (rankings.size < RANKINGS_MAX * 0.9) break;
      }
    }
    rankings.delete(viewerId);
    rankings.set(viewerId, ranking);
    return { items };
  }

  /** The ranked people the viewer may still be offered now, in rank order, with their reasons. */
  async function serve(
    viewerId: string,
    people: Ranked[],
  ): Promise<(PersonSuggestion & { profileAt: string })[]> {
    return queryRows<PersonSuggestion & { profileAt: string }>(
      db,
      sql`select s.id, s.username, s."fullName", s."avatarUrl", s.title, s.bio, s."mutualFriends",
        s."sharedInterests", s.reason, ${viewerProfileAt(viewerId)} as "profileAt"
      from (
        select ${person}, c.mutual as "mutualFriends", c.shared as "sharedInterests", ${reasonOf(viewerId)} as reason, c.pos
        from unnest(${uuids(people.map((r) => r.id))}::uuid[], ${ints(people.map((r) => r.mutual))}::int[],
          ${ints(people.map((r) => r.shared))}::int[]) with ordinality as c(id, mutual, shared, pos)
        join profiles p on p.id = c.id
        where ${visiblePerson('p')}
          and not (p.id = any (${blockedEitherIds(viewerId)}))
          and not exists (select 1 from connections x where x.user_id = ${viewerId} and x.connected_user_id = p.id)
          and not exists (select 1 from suggestion_dismissals d where d.user_id = ${viewerId} and d.dismissed_id = p.id)
      ) s
      -- A person ranked only for a reason that has ended since (they left the shared group) goes.
      where s."mutualFriends" > 0 or s."sharedInterests" > 0 or s.reason is not null
      order by s.pos
      limit ${PEOPLE_PICKER.suggestions}`,
    );
  }

  return {
    async list(viewerId: string): Promise<PersonSuggestion[]> {
      const kept = rankings.get(viewerId);
      if (!kept || kept.until <= Date.now()) return (await rank(viewerId)).items;
      const rows = await serve(viewerId, kept.people);
      // The viewer changed their profile (skills, company) since: rank again now. So does a ranking
      // too many were taken off since.
      if (rows.some((r) => r.profileAt !== kept.profileAt)) return (await rank(viewerId)).items;
      if (rows.length < PEOPLE_PICKER.suggestions && !kept.complete) return (await rank(viewerId)).items;
      return rows.map(({ profileAt: _, ...item }) => item);
    },
    /** These members' connections changed: rank them afresh on their next visit (this process). */
    forget(...userIds: string[]) {
      for (const id of userIds) rankings.delete(id);
    },
  };
}

export type PeopleSuggestions = ReturnType<typeof createPeopleSuggestions>;

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
