import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonSuggestion } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { profilesKeys } from '@web/lib/query-keys';

/*
 * The suggestions query: part of a member's first view, where it decides whether the card loads
 * (components/home-card-checks.ts). Dismissing is in dismiss-suggestion.ts, loaded with the card.
 */

export function getPeopleYouMayKnow(signal?: AbortSignal): Promise<{ items: PersonSuggestion[] }> {
  return call(api.people.suggestions.$get(undefined, { init: { signal: signal ?? null } }));
}

export const peopleYouMayKnowQueryOptions = () =>
  queryOptions({
    queryKey: profilesKeys.suggestions(),
    queryFn: ({ signal }) => getPeopleYouMayKnow(signal),
    staleTime: 5 * 60_000,
  });

export function usePeopleYouMayKnow() {
  return useQuery(peopleYouMayKnowQueryOptions());
}
