import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@common/core/api-types';
import { api, call } from '@web/lib/api';

/*
 * Who is signed in: app-wide, so the shell and every area read it from here (an area's own files
 * stay its own; see eslint/web-area-boundaries.js).
 */

/**
 * The query keys of who is signed in. Every key starts with 'auth' so one call can invalidate or
 * keep the whole branch (sign-out keeps it and drops everything else).
 */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

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
