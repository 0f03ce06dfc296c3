import { useQuery } from '@tanstack/react-query';
import type { BusinessPage } from '@common/business-pages/model';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

export function getBusinessPage(id: string, signal?: AbortSignal): Promise<BusinessPage> {
  return call(api['business-pages'][':id'].$get({ param: { id } }, { init: { signal: signal ?? null } }));
}

/** One page as the viewer sees it; off while `enabled` is false (a malformed id). */
export function useBusinessPage(id: string, viewerId: string | null, enabled = true) {
  return useQuery({
    queryKey: businessKeys.detail(id, viewerId),
    queryFn: ({ signal }) => getBusinessPage(id, signal),
    enabled,
    retry: (count, error) => !(error as { status?: number }).status && count < 2,
  });
}
