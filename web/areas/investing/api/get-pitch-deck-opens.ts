import { useInfiniteQuery } from '@tanstack/react-query';
import type { PitchDeckOpenPage } from '@common/investing/model';
import { api, call } from '@web/lib/api';
import { investingKeys } from './query-keys';

/** The address of an idea's pitch deck (members only; each opening is counted for the founder). */
export const pitchDeckHref = (ideaId: string) => `/api/investing/ideas/${ideaId}/pitch-deck`;

/** Who opened the pitch deck, latest first (the founder only). */
export function usePitchDeckOpens(ideaId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: investingKeys.deckOpens(ideaId),
    queryFn: ({ pageParam, signal }): Promise<PitchDeckOpenPage> =>
      call(
        api.investing.ideas[':id']['pitch-deck'].opens.$get(
          { param: { id: ideaId }, query: { limit: '20', ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
