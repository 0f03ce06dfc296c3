import { ZComment, ZCommentPage } from '@common/comments/responses';
import { ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The comments area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const commentsApiDocs: ApiDocs = {
  'GET /comments/:contentType/:contentId': {
    summary: 'Comments on a piece of content',
    response: ZCommentPage,
    access: 'public',
  },
  'POST /comments/:contentType/:contentId': {
    summary: 'Comment on a piece of content',
    response: ZComment,
    status: 201,
  },
  'DELETE /comments/:id': { summary: 'Delete a comment', response: ZOk },
};
