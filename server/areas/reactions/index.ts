import { defineArea } from '../../platform/area';
import { exportReactions } from './reactions.export';
import { reactionsApiDocs } from './reactions.api';
import { reactionRoutes } from './reactions.routes';
import { canWatchContent, removePersonReactions } from './reactions.service';

export {
  lockContent,
  reactionsColumn,
  reactionsFromColumn,
  removeReactions,
  requireContent,
  requireTarget,
  type ContentRef,
} from './reactions.service';

/** Reactions on any content an area registers as a content target (docs/decisions/011). */
export const reactionsArea = defineArea({
  name: 'reactions',
  routes: reactionRoutes,
  api: reactionsApiDocs,
  exportData: exportReactions,
  register(ctx) {
    ctx.registerNotificationType('reaction');
    // One piece of content's reactions and comments: whoever its area's content target lets see it.
    ctx.registerTopic('content', (userId, id) => canWatchContent(ctx.db, userId, id));
  },
  async onAccountDeleted(tx, userId) {
    await removePersonReactions(tx, userId);
  },
});
