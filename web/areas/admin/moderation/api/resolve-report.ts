import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportAction } from '@common/admin/moderation';
import { api, call } from '@web/lib/api';
import { moderationKeys } from './query-keys';

/** Remove the content, ban its author or dismiss; both report lists refetch after. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; action: ReportAction; note: string | null }) =>
      call(
        api.admin.reports[':id'].resolve.$post({
          param: { id: v.id },
          json: { action: v.action, note: v.note },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reports() }),
  });
}
