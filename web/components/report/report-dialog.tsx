import { useId, useState, type FormEvent } from 'react';
import {
  MODERATION,
  MODERATION_MSG,
  REPORT_REASON_LABEL,
  REPORT_REASONS,
  type ReportReason,
} from '@common/admin/moderation';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError, refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCreateReport } from './create-report';

/** What is reported: a kind its area declares (`type`, `label`: common/<area>/model.ts) and its id. */
export type ReportTarget = { type: string; label: string; id: string };

/** "Report this comment": a reason from the short list and optional details (issue 20 part B). */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const send = useCreateReport();
  const label = target.label;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { targetType: target.type, targetId: target.id, reason, details: details.trim() || null },
      {
        onSuccess: () => {
          toast.success(MODERATION_MSG.reportSent);
          setDetails('');
          onOpenChange(false);
        },
        onError: (err) => {
          // Reported already: said plainly, and the dialog closes as if sent.
          if (isApiError(err) && err.status === 409) {
            toast.success(MODERATION_MSG.alreadyReported);
            onOpenChange(false);
            return;
          }
          toast.error(MODERATION_MSG.reportFailed, { description: refusalText(err) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{MODERATION_MSG.reportTitle(label)}</DialogTitle>
          <DialogDescription>{MODERATION_MSG.reportIntro}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label={MODERATION_MSG.reportTitle(label)}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{MODERATION_MSG.reportReason}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary"
                />
                {REPORT_REASON_LABEL[r]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>{MODERATION_MSG.reportDetails}</Label>
            <Textarea
              id={`${id}-details`}
              rows={3}
              maxLength={MODERATION.detailsMax}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </div>
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner /> : null}
              {MODERATION_MSG.reportSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
