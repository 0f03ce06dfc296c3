import { ZSearchPage, ZSearchSuggestions } from '@common/search/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The search area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const searchApiDocs: ApiDocs = {
  'GET /search': {
    summary: 'Search people, articles, groups, events, ideas, pages and forums',
    response: ZSearchPage,
  },
  'GET /search/suggest': {
    summary: 'A few matches of each type for the text typed so far (rate limited, cached briefly)',
    response: ZSearchSuggestions,
  },
};
