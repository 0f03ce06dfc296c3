import { isUuid } from '@common/core/ids';
import { IDEA_FEED_SIGN_IN, INVESTING } from '@common/investing/model';
import { defineArea } from '../../platform/area';
import { exportInvesting } from './investing.export';
import { investingApiDocs } from './investing.api';
import { allowLargeUploads } from '../../platform/uploads';
import { demo } from './investing.demo';
import { canReadIdea, removeFounderIdeas } from './ideas.service';
import { announce } from './investing-rows';
import { ideaInquiries, ideaSearch } from './investing.register';
import { investingRoutes } from './investing.routes';

/** The investing board: business ideas, funding, updates, inquiries to founders, search and the feed. */
export const investingArea = defineArea({
  name: 'investing',
  demo,
  routes: investingRoutes,
  api: investingApiDocs,
  exportData: exportInvesting,
  register(ctx) {
    ctx.registerNotificationType('business_inquiry');
    ctx.registerNotificationType('business_action');
    // Videos (50 MB) and pitch decks (20 MB): only this route's bodies may be larger than an image.
    allowLargeUploads('/api/investing/uploads/', INVESTING.videoMaxBytes);
    ctx.registerFeedKind({
      kind: 'business_idea',
      category: 'investing',
      label: 'Business Idea',
      signInAction: IDEA_FEED_SIGN_IN,
    });
    ctx.registerSearchProvider(ideaSearch);
    ctx.registerInquiryKind(ideaInquiries);
    // The board (`investing:all`, any member: its events name only an idea) and one idea's page
    // (whoever may read the idea, the API's own rule).
    ctx.registerTopic(
      'investing',
      (userId, id) => id === 'all' || (isUuid(id) && canReadIdea(ctx.db, userId, id)),
    );
  },
  async onAccountDeleted(tx, userId, { bus }) {
    const { ids, files } = await removeFounderIdeas(tx, { bus }, userId);
    return {
      // Pictures go with the settings area's list; videos and decks with the person's uploads (ledger).
      files,
      afterCommit: () => {
        for (const id of ids) announce(bus, { id, founderId: userId }, 'removed');
      },
    };
  },
});
