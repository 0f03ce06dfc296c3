import { z } from 'zod';
import { answers } from '../core/api-schemas';
import type { SearchPage, SearchResult, SearchSuggestions } from './model';

/*
 * The search area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/search/search.api.ts). Each is tied to the type the service returns.
 */

/** One match, of any type an area searches (people, articles, groups, ...). */
export const ZSearchResult = answers<SearchResult>()(
  z.strictObject({
    type: z.string(),
    label: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    /** A date the result is known by (published, starts), as the area gives it. */
    date: z.string().nullable(),
    imageUrl: z.string().nullable(),
    url: z.string(),
  }),
);

const ZSearchType = z.strictObject({ type: z.string(), label: z.string() });

export const ZSearchPage = answers<SearchPage>()(
  z.strictObject({
    query: z.string(),
    results: z.array(ZSearchResult),
    total: z.number().int(),
    totalCapped: z.boolean(),
    nextPage: z.number().int().nullable(),
    types: z.array(ZSearchType),
  }),
);

/** A few matches of each type for the text typed so far. */
export const ZSearchSuggestions = answers<SearchSuggestions>()(
  z.strictObject({
    query: z.string(),
    types: z.array(ZSearchType.extend({ results: z.array(ZSearchResult) })),
  }),
);
