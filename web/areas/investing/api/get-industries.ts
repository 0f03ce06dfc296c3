import { useQuery } from '@tanstack/react-query';
import type { IdeaIndustries } from '@common/investing/model';
import { api, call } from '@web/lib/api';
import { investingKeys } from './query-keys';

/** The industries that have ideas: the board's tabs after All (refreshed with the lists). */
export function useIdeaIndustries(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: investingKeys.industries(),
    queryFn: ({ signal }): Promise<IdeaIndustries> =>
      call(api.investing.industries.$get({}, { init: { signal } })),
  });
}
