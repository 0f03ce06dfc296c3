import { ZFeedNewItems, ZFeedPage } from '@common/feed/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The feed area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const feedApiDocs: ApiDocs = {
  'GET /feed': {
    summary: 'The news feed (filter, page)',
    response: ZFeedPage,
    access: 'public',
  },
  'GET /feed/new': { summary: 'How many feed items are newer than the one shown', response: ZFeedNewItems },
};
