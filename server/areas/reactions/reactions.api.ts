import { ZReactionSummary } from '@common/reactions/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The reactions area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const reactionsApiDocs: ApiDocs = {
  'GET /reactions/:contentType/:contentId': {
    summary: 'Reactions on a piece of content',
    response: ZReactionSummary,
    access: 'public',
  },
  'PUT /reactions/:contentType/:contentId/:reactionType': {
    summary: 'Add or remove a reaction',
    response: ZReactionSummary,
  },
};
