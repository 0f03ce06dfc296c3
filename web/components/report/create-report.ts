import { useMutation } from '@tanstack/react-query';
import type { CreateReport } from '@common/admin/moderation-schemas';
import { api, call } from '@web/lib/api';

/** POST /api/reports: any area's "Report" menu item sends it (issue 20 part B). */
export function useCreateReport() {
  return useMutation({
    mutationFn: (input: CreateReport) => call(api.reports.$post({ json: input })),
  });
}
