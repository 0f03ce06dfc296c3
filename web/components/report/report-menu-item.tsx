import { Flag } from 'lucide-react';
import { MODERATION_MSG } from '@common/admin/moderation';
import { DropdownMenuItem } from '@web/components/ui/dropdown-menu';
import type { ReportTarget } from './report-dialog';
import { openReport } from './report-host';
import { useMayReport } from './report-actions';

/** "Report" in a thing's dropdown menu (signed-in people only, never on their own things). */
export function ReportMenuItem({ target, ownerId }: { target: ReportTarget; ownerId?: string }) {
  if (!useMayReport(ownerId)) return null;
  return (
    <DropdownMenuItem onSelect={() => openReport(target)}>
      <Flag aria-hidden="true" />
      {MODERATION_MSG.report}
    </DropdownMenuItem>
  );
}
