import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The comments area's routes as the OpenAPI document describes them (decision 023). */
export const commentsApiDocs: ApiDocs = {
  'GET /comments/:contentType/:contentId': {
    summary: 'Read one of comments',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /comments/:contentType/:contentId': {
    summary: 'Create one of comments',
    response: ZJsonObject,
    status: 201,
  },
  'DELETE /comments/:id': { summary: 'Delete one of comments', response: ZOk },
};
