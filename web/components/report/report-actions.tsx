import { Flag } from 'lucide-react';
import { MODERATION_MSG } from '@common/admin/moderation';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { ReportTarget } from './report-dialog';
import { openReport } from './report-host';

/*
 * "Report" for any area's content (issue 20 part B), one line where the thing's other actions are.
 * Shown to signed-in people only, and never on their own things (`ownerId`); the server refuses
 * both anyway. The dropdown's item is in report-menu-item.tsx, so a page with the button alone
 * does not load the dropdown menu's code.
 */

/** Whether the viewer may report a thing of `ownerId`'s (signed in, not their own). */
export function useMayReport(ownerId: string | undefined) {
  const { viewer } = useMe();
  return viewer !== null && viewer.id !== ownerId;
}

/** A small "Report" button beside a thing's other actions. `name` completes "Report {name}". */
export function ReportButton({
  target,
  ownerId,
  name,
  isIconOnly = false,
  className,
}: {
  target: ReportTarget;
  ownerId?: string;
  name: string;
  isIconOnly?: boolean;
  className?: string;
}) {
  if (!useMayReport(ownerId)) return null;
  return (
    <Button
      variant="ghost"
      size={isIconOnly ? 'icon' : 'sm'}
      className={cn(
        isIconOnly ? 'size-6 text-muted-foreground' : 'h-8 px-2 text-muted-foreground',
        className,
      )}
      aria-label={`${MODERATION_MSG.report} ${name}`}
      title={MODERATION_MSG.report}
      onClick={() => openReport(target)}
    >
      <Flag aria-hidden="true" />
      {isIconOnly ? null : MODERATION_MSG.report}
    </Button>
  );
}
