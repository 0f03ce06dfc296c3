import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@common/core/api-types';
import { api, call } from '@web/lib/api';
import { authKeys } from './query-keys';

export type Viewer = NonNullable<MeResponse['viewer']>;

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(api.me.$get(undefined, { init: { signal: signal ?? null } }));
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
    // One quick retry: a failing /api/me must not keep the page on a spinner for long.
    retry: 1,
    retryDelay: 500,
  });

/**
 * Who is signed in. A failed /api/me reads as a visitor so public pages still render;
 * `isLoading` is true only until the first answer (or failure).
 */
export function useMe() {
  const query = useQuery(meQueryOptions());
  return {
    viewer: query.data?.viewer ?? null,
    isLoading: query.isPending && !query.isError,
  };
}
