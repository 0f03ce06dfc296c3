import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonSummary } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { messagesKeys } from './query-keys';

export type Recipient = PersonSummary & { isConnection: boolean };

export function getRecipients(q: string, signal?: AbortSignal): Promise<{ items: Recipient[] }> {
  return call(api.people.recipients.$get({ query: q ? { q } : {} }, { init: { signal: signal ?? null } }));
}

/** The New message action's people: friends and people followed first, then anyone matching `q`. */
export function useRecipients(q: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: messagesKeys.recipients(q),
      queryFn: ({ signal }) => getRecipients(q, signal),
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
