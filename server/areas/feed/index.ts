import { FEED, FEED_MSG } from '@common/feed/model';
import { defineArea } from '../../platform/area';
import { exportFeed } from './feed.export';
import { feedApiDocs } from './feed.api';
import { feedPublishedView } from './feed-live';
import { feedRoutes } from './feed.routes';
import { publishNewMember, removeFromFeed } from './feed.service';
import { demo } from './feed.demo';

export {
  feedQuery,
  publishToFeed,
  removeFromFeed,
  setFeedAudience,
  type FeedPublication,
} from './feed.service';

/** The home feed: what every area publishes, read by cursor, announced live. */
export const feedArea = defineArea({
  name: 'feed',
  demo,
  routes: feedRoutes,
  api: feedApiDocs,
  // The home page's first page of the feed, as web/areas/feed/api/get-feed.ts asks for it.
  pageReads: [{ page: '/', api: `/api/feed?filter=all&limit=${FEED.pageSize}` }],
  exportData: exportFeed,
  register(ctx) {
    // The feed's own kind: a member's welcome card (the web draws it with Follow and Contact).
    ctx.registerFeedKind({
      kind: 'new_user',
      category: null,
      label: FEED_MSG.newMemberBadge,
      signInAction: null,
    });
    // New and removed items: anyone signed in. A new item's event carries it to each reader who may
    // see it (feed-live.ts); removals name ids only.
    ctx.registerTopic('feed', (_userId, id) => id === 'all');
    ctx.registerEventView('feed.published', feedPublishedView(ctx.db));
    // A confirmed address makes a member: their welcome card goes on the feed.
    ctx.onEmailVerified((userId) => publishNewMember(ctx, userId));
  },
  async onAccountDeleted(tx, userId, { bus }) {
    // The feed also hides any item of a deleted author; this takes them off open pages too.
    await removeFromFeed({ db: tx, bus }, { userId });
  },
});
