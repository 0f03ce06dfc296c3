import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsernameCheck } from '@common/auth/schemas';
import { api, call } from '@web/lib/api';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return call(api.signup.username.$get({ query: { username } }, { init: { signal: signal ?? null } }));
}

/**
 * Whether the username being typed may be taken, asked once typing pauses (400 ms); null before
 * anything is typed. A failed check says nothing: the sign-up itself still answers.
 */
export function useUsernameCheck(username: string) {
  const settled = useDebouncedValue(username.trim(), 400);
  const query = useQuery({
    queryKey: ['auth', 'username-check', settled],
    queryFn: ({ signal }) => checkUsername(settled, signal),
    enabled: settled.length > 0,
    staleTime: 10_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (!username.trim()) return { state: 'empty' as const };
  if (settled !== username.trim() || query.isFetching) return { state: 'checking' as const };
  if (!query.data) return { state: 'unknown' as const };
  return {
    state: query.data.available ? ('available' as const) : ('refused' as const),
    message: query.data.message,
  };
}
