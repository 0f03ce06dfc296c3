import { useId, useState } from 'react';
import { INVESTING, INVESTING_MSG, type IdeaSummary } from '@common/investing/model';
import { formatUsd } from '@common/investing/format';
import { fundingFromInput, ZUpdateFunding } from '@common/investing/schemas';
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
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useUpdateFunding } from '../api/save-idea';

/** The owner's 'Update Funding': the amount received so far (a number from 0, step 0.01). */
export function FundingDialog({
  idea,
  open,
  onOpenChange,
}: {
  idea: IdeaSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const update = useUpdateFunding(idea.id);
  const [value, setValue] = useState(String(idea.fundingReceived));
  // An invalid entry becomes 0.
  const form = useSchemaForm(ZUpdateFunding, (data) => ({
    fundingReceived: fundingFromInput(String(data.get('fundingReceived') ?? '')),
  }));
  const onSubmit = form.onSubmit((data) =>
    update.mutate(data, {
      onSuccess: () => {
        form.succeeded();
        toast.success(INVESTING_MSG.fundingUpdated);
        onOpenChange(false);
      },
      onError: (error) => {
        form.failed(error, INVESTING_MSG.fundingFailed);
      },
    }),
  );
  const field = form.field('fundingReceived');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{INVESTING_MSG.updateFunding}</DialogTitle>
          <DialogDescription>
            {idea.title}: goal {formatUsd(idea.fundingGoal)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={INVESTING_MSG.updateFunding}>
          <Field
            id={id}
            label="Funding Received ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={INVESTING.fundingStep}
            required
            value={value}
            {...field}
            onChange={(event) => {
              field.onChange();
              setValue(event.target.value);
            }}
          />
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{INVESTING_MSG.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              {INVESTING_MSG.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
