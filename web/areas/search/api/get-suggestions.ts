import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH, type SearchSuggestions } from '@common/search/model';
import { api, call } from '@web/lib/api';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { searchKeys } from './query-keys';

/** How long typing must pause before the field asks for suggestions. */
const PAUSE_MS = 150;

export function getSuggestions(query: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return call(api.search.suggest.$get({ query: { q: query } }, { init: { signal: signal ?? null } }));
}

export const suggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) => getSuggestions(query, signal),
    // The server lets the browser keep them as long (GET /api/search/suggest's Cache-Control).
    staleTime: SEARCH.suggestMaxAgeSec * 1000,
    retry: false,
  });

/**
 * A few matches of each type for what is typed, asked once typing pauses; the last answer stays
 * shown while the next is on its way, so the list does not blink at every key.
 */
export function useSearchSuggestions(text: string, enabled: boolean) {
  const settled = useDebouncedValue(
    Array.from(text.trim()).slice(0, SEARCH.suggestQueryMax).join(''),
    PAUSE_MS,
  );
  return useQuery({
    ...suggestionsQueryOptions(settled),
    enabled: enabled && settled.length > 0,
    placeholderData: keepPreviousData,
  });
}
