import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

type SubmitButtonProps = { isBusy: boolean; label: string; busyLabel: string };

/** Full-width submit button that shows a spinner and a busy label while the request runs. */
export function SubmitButton({ isBusy, label, busyLabel }: SubmitButtonProps) {
  return (
    <Button type="submit" className="w-full" disabled={isBusy} aria-disabled={isBusy || undefined}>
      {isBusy ? (
        <>
          <Spinner />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
