import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The reactions area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const reactionsApiDocs: ApiDocs = {
  'GET /reactions/:contentType/:contentId': {
    summary: 'Reactions on a piece of content',
    response: ZJsonObject,
    access: 'public',
  },
  'PUT /reactions/:contentType/:contentId/:reactionType': {
    summary: 'Add or remove a reaction',
    response: ZJsonObject,
  },
};
