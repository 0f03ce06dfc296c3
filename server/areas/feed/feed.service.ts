import { isUuid } from '@common/core/ids';
import {
  FEED,
  FEED_MSG,
  type FeedFilter,
  type FeedItem,
  type FeedItemType,
  type FeedNewItems,
  type FeedEngagement,
  type FeedPage,
} from '@common/feed/model';
import { LIMITS } from '@common/core/limits';
import type { ReactionSummary, ReactionType } from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { splitPage } from '../../lib/pagination';
import type { Bus } from '../../platform/bus';
import { getContentTarget } from '../../platform/content-targets';
import { getFeedKind } from '../../platform/feed-kinds';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { type Tx, notBlockedWith, publicBio, visiblePerson } from '../../db/rules';

export type FeedDeps = { db: Db | Tx; bus: Bus };

/**
 * What a content area says about a piece of content when it publishes it to the feed: all the feed
 * shows of it. The feed reads no area's tables and knows no area's paths.
 */
export type FeedPublication = {
  /** A kind the area registered (ctx.registerFeedKind): its filter tab, badge and sign-in text. */
  kind: FeedItemType;
  /** The content's own id; with `kind`, the item's unique key. */
  contentId: string;
  /** The author: an item without one is never shown. */
  userId: string;
  title: string;
  description?: string | null;
  imageUrl?: string | null;
  /** Where its card leads: the content's page in the app ('/articles/{id}'). */
  link: string;
  /** Only this group's members see the item (a private group's post); see setFeedAudience. */
  audienceGroupId?: string | null;
};

const clip = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

/**
 * Puts a piece of content on the feed, the one way any area does it. Publishing the same content
 * again updates its item instead of adding a second (unique kind and content id), and keeps its
 * place. The item's filter tab is its kind's, stored with it. A new item is announced on the
 * `feed:all` topic; when `deps.db` is a transaction, the announcement goes out before the commit,
 * which is harmless: the page asks the server what is new, and sees the item once it is committed.
 * A kind no area registered is a programming error: it throws.
 */
export async function publishToFeed(
  deps: FeedDeps,
  item: FeedPublication,
): Promise<{ id: string; created: boolean }> {
  const kind = getFeedKind(item.kind);
  if (!kind) throw new Error(`feed kind '${item.kind}' is not registered: its area registers it at boot`);
  const [row] = await deps.db
    .execute<{ id: string; created: boolean }>(
      sql`insert into feed_items (type, category, content_id, user_id, title, description, image_url, link,
            audience_group_id)
          values (${item.kind}, ${kind.category}, ${item.contentId}, ${item.userId},
            ${clip(item.title, FEED.titleMax) ?? ''}, ${clip(item.description, FEED.descriptionMax)},
            ${item.imageUrl ?? null}, ${item.link}, ${item.audienceGroupId ?? null})
          on conflict (type, content_id) do update set
            category = excluded.category, title = excluded.title, description = excluded.description,
            image_url = excluded.image_url, link = excluded.link, audience_group_id = excluded.audience_group_id
          returning id::text as id, (xmax = 0) as created`,
    )
    .then((r) => r.rows);
  if (!row) throw new Error('feed item was not written');
  if (row.created)
    deps.bus.publish({
      topic: topic.feed,
      event: { type: 'feed.published', itemId: row.id, category: kind.category },
    });
  return row;
}

/** Takes a deleted content's items off the feed (and off open pages). */
export async function removeFromFeed(
  deps: FeedDeps,
  what: { type: FeedItemType; contentId: string } | { userId: string },
): Promise<number> {
  const where =
    'userId' in what
      ? sql`user_id = ${what.userId}`
      : sql`type = ${what.type} and content_id = ${what.contentId}`;
  const rows = await deps.db
    .execute<{ id: string }>(sql`delete from feed_items where ${where} returning id::text as id`)
    .then((r) => r.rows);
  if (rows.length)
    deps.bus.publish({ topic: topic.feed, event: { type: 'feed.removed', itemIds: rows.map((r) => r.id) } });
  return rows.length;
}

/** A new member's welcome card, once their address is confirmed. Failures are logged, never thrown. */
export async function publishNewMember(deps: FeedDeps & { logger: Logger }, userId: string): Promise<void> {
  try {
    const [p] = await deps.db
      .execute<{ username: string; full_name: string | null; bio: string | null }>(
        sql`select username, full_name, ${publicBio(sql.raw('id'), sql.raw('bio'))} as bio from profiles where id = ${userId} and deleted_at is null`,
      )
      .then((r) => r.rows);
    if (!p) return;
    await publishToFeed(deps, {
      kind: 'new_user',
      contentId: userId,
      userId,
      title: FEED_MSG.welcome(p.full_name || p.username),
      description: p.bio,
      link: `/profile/${userId}`,
    });
  } catch (err) {
    deps.logger.error({ err, userId }, 'new member feed item failed');
  }
}

/**
 * Who may see an item meant for one group's members (`audience_group_id`). The groups area sets
 * this when it lands; until then such items are shown to nobody.
 */
type AudienceCheck = (viewerId: string, groupId: SQL) => SQL;
let audienceCheck: AudienceCheck | null = null;
export function setFeedAudience(check: AudienceCheck | null) {
  audienceCheck = check;
}

/**
 * Which of these groups' items the viewer may see, by the rule the groups area set: one statement
 * for the groups the shared head's items are meant for (feed-head.ts). None without a rule.
 */
export async function allowedAudiences(db: Db, viewerId: string, groupIds: string[]): Promise<Set<string>> {
  const allowed = allowedAudiencesArray(viewerId, groupIds);
  if (!allowed) return new Set();
  const [row] = await queryRows<{ ids: string[] }>(db, sql`select ${allowed} as ids`);
  return new Set(row?.ids ?? []);
}

/**
 * The same question as an expression (a text[] of the allowed ids), for a statement that asks it
 * beside others (feed-head.ts asks it with the reader's blocks and follows); null when there is
 * nothing to ask.
 */
export function allowedAudiencesArray(viewerId: string, groupIds: string[]): SQL | null {
  if (!audienceCheck || !groupIds.length) return null;
  return sql`array(select aud.id::text from unnest(${sql.param(groupIds)}::uuid[]) as aud(id)
      where (select ${audienceCheck(viewerId, sql`aud.id`)}))`;
}

type Row = PersonSummaryRow & {
  id: string;
  type: FeedItemType;
  title: string;
  description: string | null;
  image_url: string | null;
  created_at: string | Date;
  content_id: string;
  link: string | null;
  viewer_follows: boolean | null;
  /** The group the item is meant for (null: everyone). */
  audience_group_id: string | null;
};

function toItem(r: Row): FeedItem {
  // The badge and sign-in text are the kind's as registered now, not as they were when published.
  // A kind whose area is gone still reads: its name as the badge, open to visitors.
  const kind = getFeedKind(r.type);
  return {
    id: r.id,
    type: r.type,
    label: kind?.label ?? r.type.replace(/_/g, ' '),
    title: r.title,
    description: r.description,
    imageUrl: r.image_url,
    createdAt: new Date(r.created_at).toISOString(),
    contentId: r.content_id,
    link: r.link,
    signInAction: kind?.signInAction ?? null,
    author: toPersonSummary(r),
    viewerFollows: r.viewer_follows,
    engagement: null,
  };
}

/**
 * The reactions and comment counts of the items whose kind shows them (FeedKind.engagement), for
 * this viewer, in one statement per page whoever asks (the shared head stays viewer-free). The
 * counts read the shared engagement tables (docs/decisions/011) as the content's own page would: every
 * reaction, and the comments of live authors not blocked either way with the viewer.
 */
export async function withEngagement(
  db: Db,
  viewerId: string | null,
  items: FeedItem[],
): Promise<FeedItem[]> {
  const wanted = items.flatMap((item) => {
    const contentType = getFeedKind(item.type)?.engagement;
    const target = contentType ? getContentTarget(contentType) : undefined;
    // Engagement rows are keyed by uuid; an item naming anything else has no counts.
    return target && isUuid(item.contentId) ? [{ item, target }] : [];
  });
  if (!wanted.length) return items;
  const refs = sql.join(
    wanted.map(({ item, target }) => sql`(${target.contentType}, ${item.contentId}::uuid)`),
    sql`, `,
  );
  const commentShown = viewerId
    ? sql`${visiblePerson('p')} and ${notBlockedWith(viewerId, sql`c.user_id`)}`
    : visiblePerson('p');
  const rows = await queryRows<{
    content_type: string;
    content_id: string;
    reactions: { type: ReactionType; n: number; mine: boolean }[] | null;
    comments: number;
  }>(
    db,
    sql`select r.content_type, r.content_id::text as content_id,
        (select json_agg(json_build_object('type', x.reaction_type, 'n', x.n, 'mine', x.mine)) from (
          select reaction_type, count(*)::int as n,
            ${viewerId ? sql`bool_or(user_id = ${viewerId}::uuid)` : sql`false`} as mine
          from reactions where content_type = r.content_type and content_id = r.content_id
          group by reaction_type) x) as reactions,
        (select count(*)::int from (select 1 from comments c join profiles p on p.id = c.user_id
          where c.content_type = r.content_type and c.content_id = r.content_id and ${commentShown}
          limit ${LIMITS.listCountCap}) capped) as comments
      from (values ${refs}) as r(content_type, content_id)`,
  );
  const byContent = new Map(rows.map((r) => [`${r.content_type}:${r.content_id}`, r]));
  const engaged = new Map(
    wanted.map(({ item, target }) => {
      const row = byContent.get(`${target.contentType}:${item.contentId}`);
      const counts: ReactionSummary['counts'] = {};
      const mine: ReactionType[] = [];
      for (const type of target.reactionTypes) {
        const r = row?.reactions?.find((x) => x.type === type);
        if (!r?.n) continue;
        counts[type] = r.n;
        if (r.mine) mine.push(type);
      }
      const engagement: FeedEngagement = {
        reactions: {
          contentType: target.contentType,
          contentId: item.contentId,
          types: [...target.reactionTypes],
          counts,
          mine,
          closedReason: null,
        },
        comments: row?.comments ?? 0,
      };
      return [item.id, engagement] as const;
    }),
  );
  return items.map((item) => ({ ...item, engagement: engaged.get(item.id) ?? null }));
}

type FeedSelect = {
  viewerId: string | null;
  filter: FeedFilter;
  /** Items older than this id (a page below the cursor). */
  before?: string;
  /** Items newer than this id (what arrived since). */
  after?: string;
  /** This item only (a live event's, feed-live.ts). */
  only?: string;
  limit: number;
  /**
   * The shared head's read (feed-head.ts): items of every audience, each with its group; the head
   * applies each reader's audiences, blocks and follows itself. Only with no viewer.
   */
  everyAudience?: boolean;
};

/**
 * One page of the feed as the viewer may see it, newest first: items of live authors only (not
 * deleted, not banned), none from people either side has blocked, none meant for a group the
 * viewer is not in. The plan walks the id index backward (the category's index under a filter)
 * and probes profiles, blocks and connections by key for each row: index scans only.
 */
export function feedQuery(q: FeedSelect): SQL {
  const { viewerId } = q;
  const where: SQL[] = [visiblePerson('p')];
  if (q.filter !== 'all') where.push(sql`f.category = ${q.filter}`);
  if (q.before) where.push(sql`f.id < ${q.before}::bigint`);
  // As a one-time value: given the id itself, the planner sees how few rows are newer and plans
  // each run again (the plan costing twenty times the run); hidden, it keeps one generic plan, the
  // same walk down the id index.
  if (q.after) where.push(sql`f.id > (select ${q.after}::bigint)`);
  if (q.only) where.push(sql`f.id = ${q.only}::bigint`);
  const audience = viewerId && audienceCheck ? audienceCheck(viewerId, sql`f.audience_group_id`) : null;
  if (!(q.everyAudience && !viewerId))
    where.push(
      // The rule inside a scalar subquery: asked by key for the few rows that have a group. Bare, the
      // planner hashed it, reading every group (a sequential scan) on each deep page.
      audience
        ? sql`(f.audience_group_id is null or (select ${audience}))`
        : sql`f.audience_group_id is null`,
    );
  if (viewerId) where.push(notBlockedWith(viewerId, sql`f.user_id`));
  const follows = viewerId
    ? sql`case when f.user_id = ${viewerId}::uuid then null else exists (select 1 from connections c where c.user_id = ${viewerId}::uuid and c.connected_user_id = f.user_id) end`
    : sql`null::boolean`;
  return sql`select f.id::text as id, f.type, f.title, f.description, f.image_url, f.created_at, f.content_id,
      f.link, f.audience_group_id::text as audience_group_id, ${PERSON_SUMMARY_COLUMNS},
      ${follows} as viewer_follows
    from feed_items f
    join profiles p on p.id = f.user_id
    where ${sql.join(where, sql` and `)}
    order by f.id desc
    limit ${q.limit}`;
}

export async function readItems(db: Db, q: FeedSelect): Promise<FeedItem[]> {
  const rows = await queryRows<Row>(db, feedQuery(q));
  return rows.map(toItem);
}

/** The shared head's items: the newest of every audience, each with the group it is meant for. */
export async function readHeadItems(
  db: Db,
  filter: FeedFilter,
  limit: number,
): Promise<{ item: FeedItem; audience: string | null }[]> {
  const rows = await queryRows<Row>(db, feedQuery({ viewerId: null, filter, limit, everyAudience: true }));
  return rows.map((r) => ({ item: toItem(r), audience: r.audience_group_id }));
}

/** One item of every audience as the shared head holds it (feed-live.ts), or null: not shown to anyone (yet). */
export async function readHeadItem(
  db: Db,
  id: string,
): Promise<{ item: FeedItem; audience: string | null } | null> {
  const rows = await queryRows<Row>(
    db,
    feedQuery({ viewerId: null, filter: 'all', only: id, limit: 1, everyAudience: true }),
  );
  return rows[0] ? { item: toItem(rows[0]), audience: rows[0].audience_group_id } : null;
}

/** GET /api/feed: a page below `cursor` (or the newest), for a member or a visitor (viewerId null). */
export async function getFeedPage(
  db: Db,
  viewerId: string | null,
  opts: { filter: FeedFilter; cursor?: string; limit: number },
): Promise<FeedPage> {
  const items = await readItems(db, {
    viewerId,
    filter: opts.filter,
    before: opts.cursor,
    limit: opts.limit + 1,
  });
  const { page, more } = splitPage(items, opts.limit);
  return { items: page, nextCursor: more ? page[page.length - 1]!.id : null };
}

/** GET /api/feed/new: what was published above `since`, newest first, for the '{n} new posts' pill. */
export async function getNewFeedItems(
  db: Db,
  viewerId: string,
  opts: { filter: FeedFilter; since: string },
): Promise<FeedNewItems> {
  const items = await readItems(db, {
    viewerId,
    filter: opts.filter,
    after: opts.since,
    limit: FEED.newMax + 1,
  });
  const { page, more } = splitPage(items, FEED.newMax);
  return { items: page, more };
}
