import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Idea } from '@common/investing/model';
import { api, call } from '@web/lib/api';
import { investingKeys } from './query-keys';

export function getIdea(ideaId: string, signal?: AbortSignal): Promise<Idea> {
  return call(
    api.investing.ideas[':id'].$get({ param: { id: ideaId } }, { init: { signal: signal ?? null } }),
  );
}

/** One idea as its page shows it; off while `enabled` is false (a malformed id). */
export function useIdea(ideaId: string, enabled = true) {
  return useQuery({
    queryKey: investingKeys.detail(ideaId),
    queryFn: ({ signal }) => getIdea(ideaId, signal),
    enabled,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** An idea the server answered with: its page's cache, and every list refetched. */
export function putIdea(queryClient: QueryClient, idea: Idea) {
  queryClient.setQueryData(investingKeys.detail(idea.id), idea);
  void queryClient.invalidateQueries({ queryKey: investingKeys.lists() });
}
