import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return call(api.settings.$get(undefined, { init: { signal: signal ?? null } }));
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.switches(),
    queryFn: ({ signal }) => getSettings(signal),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
