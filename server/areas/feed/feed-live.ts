import type { ServerEvent } from '@common/core/realtime';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { blockedEitherIds } from '../../db/rules';
import type { EventView } from '../../platform/realtime';
import { readHeadItem, withEngagement } from './feed.service';

/**
 * Waits before each read of a just-published item. Areas publish inside their transaction, so the
 * event may arrive before the item is committed; the page would wait a second before asking anyway.
 */
const READ_WAITS_MS = [0, 250, 750];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `feed.published` as each subscriber of `feed:all` on this process may see it (docs/decisions/039):
 * the item itself, so the home page adds it to its 'new posts' pill without asking GET /api/feed/new.
 * Per publication and process: the item read once as the shared head would hold it (live authors
 * only), its counts (a new item has none), and one statement for the author's blocks (either way)
 * and which of the subscribers follow them. A reader blocked either way with the author gets
 * `item: null`; every other reader the item, with whether they follow its author. Whenever the
 * answer is not the same for everyone in a way this knows, the event goes as published (no item)
 * and the page asks the server, which applies every rule: an item meant for a group's members, an
 * item not readable yet (not committed, or its author banned or gone), one that already has counts.
 */
export function feedPublishedView(db: Db): EventView {
  return async (event, userIds) => {
    const seen = new Map<string, ServerEvent>();
    if (event.type !== 'feed.published' || event.item !== undefined) return seen;
    let found = null;
    for (const wait of READ_WAITS_MS) {
      if (wait) await sleep(wait);
      found = await readHeadItem(db, event.itemId);
      if (found) break;
    }
    if (!found || found.audience) return seen;
    const [item] = await withEngagement(db, null, [found.item]);
    const counts = item?.engagement;
    if (!item || (counts && (counts.comments > 0 || Object.keys(counts.reactions.counts).length > 0)))
      return seen;
    const author = item.author.id;
    const [row] = await queryRows<{ hidden: string[]; followers: string[] }>(
      db,
      sql`select ${blockedEitherIds(author)}::text[] as hidden,
        array(select c.user_id::text from connections c
          where c.connected_user_id = ${author} and c.user_id = any(${sql.param(userIds)}::uuid[])) as followers`,
    );
    const hidden = new Set(row?.hidden ?? []);
    const followers = new Set(row?.followers ?? []);
    // Four events at most, each encoded once for all who get it.
    const withItem = (viewerFollows: boolean | null): ServerEvent => ({
      ...event,
      item: { ...item, viewerFollows },
    });
    const [own, following, notFollowing] = [withItem(null), withItem(true), withItem(false)];
    const nothing: ServerEvent = { ...event, item: null };
    for (const id of userIds)
      seen.set(
        id,
        hidden.has(id) ? nothing : id === author ? own : followers.has(id) ? following : notFollowing,
      );
    return seen;
  };
}
