import { useQuery } from '@tanstack/react-query';
import type { DigestAdminView } from '@common/digests/model';
import { api, call } from '@web/lib/api';
import { digestKeys } from './query-keys';

export const getDigestRuns = (signal?: AbortSignal): Promise<DigestAdminView> =>
  call(api.admin.digests.$get(undefined, { init: { signal: signal ?? null } }));

export function useDigestRuns() {
  return useQuery({ queryKey: digestKeys.runs(), queryFn: ({ signal }) => getDigestRuns(signal) });
}
