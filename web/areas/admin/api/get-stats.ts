import { useQuery } from '@tanstack/react-query';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { adminKeys } from './query-keys';

export const getStats = (signal?: AbortSignal) =>
  call(api.admin.stats.$get(undefined, { init: { signal: signal ?? null } }));

/** The five figures; kept live by the dashboard topic, polled only while the socket is down. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => getStats(signal),
    refetchInterval: useFallbackPolling(REALTIME.fallbackPollMs),
  });
}
