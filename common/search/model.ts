/**
 * Search (docs/product-rules.md: no sample data): one search over people and
 * every content type an area registers on the server. Types and texts shared by both sides; the
 * query schema is in schemas.ts beside it.
 */

export type SearchResult = {
  /**
   * 'user' for a person (search tells people from content: a person's card shows their picture and
   * join date); otherwise the kind of content, as the area that registered it names it.
   */
  type: string;
  /** The badge: the label its provider registered ('User', 'Article'). */
  label: string;
  id: string;
  title: string;
  /** A person's headline or bio; a content's summary. */
  description: string | null;
  category: string | null;
  /** ISO date shown beside the category (content's date; a person's join date). */
  date: string | null;
  imageUrl: string | null;
  /** Where View Details leads: /profile/{id} for people, the content's own page otherwise. */
  url: string;
};

/**
 * GET /api/search?q=&page=. `total` counts every match up to SEARCH.countCap, near matches up to
 * SEARCH.nearCap (`totalCapped` when there are more); `nextPage` is null on the last page.
 */
export type SearchPage = {
  query: string;
  results: SearchResult[];
  total: number;
  totalCapped: boolean;
  nextPage: number | null;
  /** Every type search knows, in the list's order, named in the plural: the results page's tabs. */
  types: { type: string; label: string }[];
};

export const SEARCH = {
  pageSize: 20,
  /** A query longer than this is refused; up to it, any text is searched literally. */
  queryMax: 1000,
  /** Matches are counted, and paged through, up to this many (docs/decisions/013). */
  countCap: 200,
  /**
   * Near matches (typos) are looked for only when plain ones are fewer than a page, and at most
   * this many are read, ranked and counted (each costs a similarity computation): past it the
   * count shows '+'.
   */
  nearCap: 200,
  /**
   * Suggestions as you type (GET /api/search/suggest): at most this many of each type, from the
   * index-ordered levels only (exact, prefix, word), each tier read up to this many.
   */
  suggestPerType: 3,
  /** A suggestion's text is cut to this many characters: a name or a title, not a paragraph. */
  suggestQueryMax: 100,
  /**
   * A tier with no index order (ranked after reading) reads at most this many candidates for
   * suggestions, where the full search reads up to countCap + 1.
   */
  suggestCandidates: 30,
  /** How long a browser may reuse the suggestions for a text, in seconds. */
  suggestMaxAgeSec: 30,
} as const;

/** GET /api/search/suggest?q=: a few of each type, best type first; `types` empty when nothing matches. */
export type SearchSuggestions = {
  query: string;
  types: { type: string; label: string; results: SearchResult[] }[];
};

export const SEARCH_MSG = {
  heading: (query: string, count: string) => `Search results for "${query}" (${count})`,
  noResults: 'No results found',
  noResultsHint: 'Try adjusting your search terms',
  backToFeed: 'Back to Feed',
  viewDetails: 'View Details',
  loadFailed: 'Search failed. Please try again.',
  queryRequired: 'Please enter something to search for.',
  queryTooLong: `Search text can be at most ${SEARCH.queryMax} characters.`,
  invalidPage: 'Invalid page.',
  /** What a visitor's search completes in 'You need to be signed in to {action}.' */
  visitorAction: 'search',
  /** The badge on a person's result. */
  personLabel: 'User',
  /** People's tab on the results page and their heading among suggestions. */
  peopleLabel: 'People',
  /** The listbox under the top bar's field. */
  suggestionsLabel: 'Search suggestions',
  /** The last option: every result on the results page. */
  seeAll: (query: string) => `See all results for "${query}"`,
  noSuggestions: 'No quick matches: press Enter to search everything',
  /** The results page's tab of every type. */
  allTab: 'All',
  /** The results page's row of tabs, one per type. */
  tabsLabel: 'Result types',
  /** Said when too many suggestions were asked for in a short time (429). */
  suggestLimited: 'Too many searches in a short time. Wait a moment and try again.',
} as const;

/** The heading's count: '1000+' when the server stopped counting. */
export function searchCountText(page: Pick<SearchPage, 'total' | 'totalCapped'>): string {
  return page.totalCapped ? `${page.total}+` : String(page.total);
}
