import type { FeedFilter, FeedItem, FeedNewItems, FeedPage } from '@common/feed/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, statementOnce, type Db } from '../../db/client';
import type { Bus } from '../../platform/bus';
import { splitPage } from '../../lib/pagination';
import { allowedAudiences, allowedAudiencesArray, readHeadItems } from './feed.service';
import { blockedEitherIds } from '../../db/rules';

/** Items kept per filter tab: the first pages everyone opens. */
const HEAD_SIZE = 100;
/** A head older than this is read again, whatever the bus said (a ban, say, has no event yet). */
const HEAD_TTL_MS = 5_000;
const VIEWER_TTL_MS = 10_000;
const MAX_VIEWERS = 20_000;

type Head = {
  items: { item: FeedItem; audience: string | null }[];
  /** The groups some items are meant for (a group's posts). */
  audiences: string[];
  complete: boolean;
  /** Per reader: which of those groups they may see, asked once for this head. */
  allowed: Map<string, Promise<Set<string>>>;
};
type ViewerState = { hidden: Set<string>; following: Set<string> };
type Entry<T> = { at: number; load: Promise<T> };

/**
 * The first page of each filter tab, shared by everyone, with each reader's blocks and follows
 * applied on top (docs/decisions/010): the feed's busiest read needs no database round trip while
 * nothing changes. The newest HEAD_SIZE items of live authors are kept per tab; a new,
 * removed or re-authored item (feed.published, feed.removed, profile.updated on the bus, from any
 * instance) drops them. A reader's blocked people (either way) and the people they follow are kept
 * for a few seconds and dropped on any connection change of theirs. Items meant for a group's
 * members (setFeedAudience) are in the head too: which of its groups a reader may see is asked once
 * per head (one statement, for those groups only); an access change drops the heads. Where blocks
 * or audiences leave too few items, the page is read from the database.
 */
type ViewerRow = { hidden: string[]; following: string[]; allowed: string[] | null };
/** A reader's blocks and follows, and the head's groups they may see (`allowed`, or null: not asked). */
const viewerStatement = (viewerId: string, allowed: SQL | null) => sql`select
  ${blockedEitherIds(viewerId)}::text[] as hidden,
  array(select c.connected_user_id::text from connections c where c.user_id = ${viewerId}) as following,
  ${allowed ?? sql`null::text[]`} as allowed`;
/** Without the groups (most reads: they are kept with the head), written once. */
const viewerAlone = statementOnce<{ viewerId: string }, ViewerRow>(({ viewerId }) =>
  viewerStatement(viewerId, null),
);

export function createFeedHead(deps: { db: Db; bus: Bus }) {
  const heads = new Map<FeedFilter, Entry<Head>>();
  const viewers = new Map<string, Entry<ViewerState>>();

  const unsubscribe = deps.bus.subscribe(({ event }) => {
    if (
      event.type === 'feed.published' ||
      event.type === 'feed.removed' ||
      event.type === 'profile.updated' ||
      // Someone left a group, a group went private, a person was banned: each reader is asked again.
      event.type === 'access.changed' ||
      event.type === 'resync'
    )
      heads.clear();
    if (event.type === 'connection.changed') for (const id of event.userIds) viewers.delete(id);
    if (event.type === 'resync') viewers.clear();
  });

  /** A cached load: dropped from the map when it fails, or by an event while it runs. */
  function cached<K, T>(map: Map<K, Entry<T>>, key: K, ttl: number, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < ttl) return hit.load;
    const entry: Entry<T> = { at: now, load: read() };
    map.set(key, entry);
    entry.load.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return entry.load;
  }

  const head = (filter: FeedFilter) =>
    cached(heads, filter, HEAD_TTL_MS, async () => {
      const read = await readHeadItems(deps.db, filter, HEAD_SIZE + 1);
      const { page, more } = splitPage(read, HEAD_SIZE);
      const groups = new Set(page.flatMap((i) => (i.audience ? [i.audience] : [])));
      return { items: page, audiences: [...groups], complete: !more, allowed: new Map() };
    });

  /** The head's groups whose items this reader may see; none asked when no item has one. */
  const allowedIn = (viewerId: string, h: Head): Promise<Set<string>> => {
    if (!h.audiences.length) return Promise.resolve(new Set());
    const hit = h.allowed.get(viewerId);
    if (hit) return hit;
    if (h.allowed.size >= MAX_VIEWERS) h.allowed.delete(h.allowed.keys().next().value!);
    const load = allowedAudiences(deps.db, viewerId, h.audiences);
    h.allowed.set(viewerId, load);
    load.catch(() => {
      if (h.allowed.get(viewerId) === load) h.allowed.delete(viewerId);
    });
    return load;
  };

  /**
   * The reader's blocks and follows; when the head's groups are to be asked too (`h`), in the same
   * statement, and that answer is kept with the head as allowedIn keeps its own.
   */
  const viewer = (viewerId: string, h?: Head) => {
    if (viewers.size >= MAX_VIEWERS) viewers.delete(viewers.keys().next().value!);
    return cached(viewers, viewerId, VIEWER_TTL_MS, async () => {
      const allowed = h ? allowedAudiencesArray(viewerId, h.audiences) : null;
      const load = (
        allowed
          ? queryRows<ViewerRow>(deps.db, viewerStatement(viewerId, allowed))
          : viewerAlone(deps.db, { viewerId })
      ).then(([row]) => row);
      if (h && allowed && !h.allowed.has(viewerId)) {
        if (h.allowed.size >= MAX_VIEWERS) h.allowed.delete(h.allowed.keys().next().value!);
        const mine = load.then((row) => new Set(row?.allowed ?? []));
        h.allowed.set(viewerId, mine);
        mine.catch(() => {
          if (h.allowed.get(viewerId) === mine) h.allowed.delete(viewerId);
        });
      }
      const row = await load;
      return { hidden: new Set(row?.hidden ?? []), following: new Set(row?.following ?? []) };
    });
  };

  /** The head's items this reader may see, newest first, and whether they follow each author. */
  async function visibleTo(viewerId: string | null, filter: FeedFilter) {
    const h = await head(filter);
    // Blocks, follows and (when the head's groups are not answered yet) the groups: one statement.
    const v = viewerId ? await viewer(viewerId, h.allowed.has(viewerId) ? undefined : h) : null;
    // A visitor sees no item meant for a group; a member those of the groups they may see.
    const allowed = viewerId ? await allowedIn(viewerId, h) : new Set<string>();
    const visible = h.items
      .filter(({ item, audience }) => (!audience || allowed.has(audience)) && !v?.hidden.has(item.author.id))
      .map(({ item }) => item);
    const withFollows = (items: FeedItem[]) =>
      items.map((i) => ({
        ...i,
        viewerFollows: !viewerId || i.author.id === viewerId ? null : v!.following.has(i.author.id),
      }));
    return { h, visible, withFollows };
  }

  return {
    /** The first page for this reader from the shared head, or null: read it from the database. */
    async firstPage(viewerId: string | null, filter: FeedFilter, limit: number): Promise<FeedPage | null> {
      if (limit >= HEAD_SIZE) return null;
      const { h, visible, withFollows } = await visibleTo(viewerId, filter);
      if (visible.length <= limit && !h.complete) return null;
      const { page, more } = splitPage(visible, limit);
      const items = withFollows(page);
      return { items, nextCursor: more ? items[items.length - 1]!.id : null };
    },
    /**
     * What was published above `since` for this reader (the home page's question after each
     * publication, asked by everyone on it at once), from the shared head when the head reaches down
     * to `since`; null: read it from the database. Each publication drops the head, so the first of
     * those readers reads it again and the others share that read.
     */
    async newSince(
      viewerId: string,
      filter: FeedFilter,
      since: string,
      max: number,
    ): Promise<FeedNewItems | null> {
      const { h, visible, withFollows } = await visibleTo(viewerId, filter);
      const after = BigInt(since);
      const oldest = h.items[h.items.length - 1];
      // The head must hold every item above `since`: it reaches below it, or holds the whole tab.
      if (!h.complete && (!oldest || BigInt(oldest.item.id) > after)) return null;
      const newer = visible.filter((i) => BigInt(i.id) > after);
      const { page, more } = splitPage(newer, max);
      return { items: withFollows(page), more };
    },
    close: unsubscribe,
  };
}

export type FeedHead = ReturnType<typeof createFeedHead>;
