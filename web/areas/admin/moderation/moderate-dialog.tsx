import { useId, useState, type FormEvent } from 'react';
import { MODERATION, MODERATION_MSG } from '@common/admin/moderation';
import { REVIEW_STATUS_LABEL, type ReviewStatus } from '@common/business-pages/model';
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

export type ModerationChoice = { ids: string[]; status: ReviewStatus };

const VERB: Partial<Record<ReviewStatus, string>> = {
  approved: MODERATION_MSG.approve,
  rejected: MODERATION_MSG.reject,
  flagged: MODERATION_MSG.flag,
};

/** The note and reason for a moderation decision on one review or many. */
export function ModerateDialog({
  choice,
  isBusy,
  onOpenChange,
  onConfirm,
}: {
  choice: ModerationChoice | null;
  isBusy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (v: { note: string | null; reason: string | null }) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const status = choice?.status ?? 'approved';
  const verb = VERB[status] ?? REVIEW_STATUS_LABEL[status];
  const count = choice?.ids.length ?? 0;
  const title =
    status === 'pending'
      ? MODERATION_MSG.toPendingTitle(count)
      : `${verb} ${count === 1 ? 'review' : `${count} reviews`}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // One field: the note is the decision's reason too (its first MODERATION.reasonMax characters).
    const text = note.trim() || null;
    onConfirm({ note: text, reason: text ? text.slice(0, MODERATION.reasonMax).trim() : null });
  };

  return (
    <Dialog
      open={choice !== null}
      onOpenChange={(open) => {
        if (!open) {
          setNote('');
        }
        onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {status === 'flagged' ? (
            <DialogDescription>{MODERATION_MSG.flagReasonHint}</DialogDescription>
          ) : null}
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>{MODERATION_MSG.note}</Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              value={note}
              maxLength={MODERATION.noteMax}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? <Spinner /> : null}
              {verb}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
