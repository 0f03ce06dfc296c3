import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportState } from '@common/settings/data-export';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export function getDataExport(signal?: AbortSignal): Promise<DataExportState> {
  return call(api.settings['data-export'].$get(undefined, { init: { signal: signal ?? null } }));
}

export function requestDataExport(): Promise<DataExportState> {
  return call(api.settings['data-export'].$post());
}

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.dataExport(),
    queryFn: ({ signal }) => getDataExport(signal),
    // While it is being prepared, ask again every two seconds for the progress.
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'queued' || status === 'building' ? 2000 : false;
    },
  });

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (state) => queryClient.setQueryData(settingsKeys.dataExport(), state),
  });
}
