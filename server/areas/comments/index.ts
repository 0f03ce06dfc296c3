import { defineArea } from '../../platform/area';
import { commentReportTarget } from './comments.reports';
import { exportComments } from './comments.export';
import { commentsApiDocs } from './comments.api';
import { commentRoutes } from './comments.routes';
import { commentLoader, removePersonComments } from './comments.service';

export {
  deleteComment,
  firstCommentsColumn,
  firstCommentsFromColumn,
  removeComments,
} from './comments.service';

/**
 * Comments, with nested replies, on any content an area registers as a content target (docs/decisions/011).
 */
export const commentsArea = defineArea({
  name: 'comments',
  routes: commentRoutes,
  api: commentsApiDocs,
  exportData: exportComments,
  register(ctx) {
    ctx.registerNotificationType('comment');
    ctx.registerEventLoader('comment', commentLoader(ctx.db));
    ctx.registerReportTarget(commentReportTarget);
  },
  async onAccountDeleted(tx, userId) {
    // Replies to their comments go with them (the foreign key's cascade).
    await removePersonComments(tx, userId);
  },
});
