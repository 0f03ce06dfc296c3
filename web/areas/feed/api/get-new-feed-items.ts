import type { FeedFilter, FeedNewItems } from '@common/feed/model';
import { api, call } from '@web/lib/api';

/** Items published under `filter` since the newest one shown (members only). */
export function getNewFeedItems(
  filter: FeedFilter,
  since: string,
  signal?: AbortSignal,
): Promise<FeedNewItems> {
  const query = { filter, since };
  return call(api.feed.new.$get({ query }, { init: { signal: signal ?? null } }));
}
