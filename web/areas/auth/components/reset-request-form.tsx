import { ArrowLeft } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { ZRequestReset } from '@common/auth/schemas';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { SubmitButton } from './submit-button';

/** Replaces the login form when the person follows 'Forgot password?'. */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const requestReset = useRequestPasswordReset();
  const form = useSchemaForm(ZRequestReset, (data) => ({ email: data.get('email') }));

  const onSubmit = form.onSubmit((values) =>
    requestReset.mutate(values, {
      onSuccess: () => {
        form.succeeded();
        toast.success(MSG.resetSentTitle, { description: MSG.resetSent });
        onBack();
      },
      onError: (error) => {
        const description = isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.unexpected;
        form.failed(error, MSG.resetFailedTitle, { description });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="reset-request-heading">
      <div className="grid gap-1">
        <h2 id="reset-request-heading" className="text-base font-semibold">
          Reset your password
        </h2>
        <p className="text-sm text-muted-foreground">
          Enter the email you signed up with and we will send you a link to choose a new password.
        </p>
      </div>
      <EmailField {...form.field('email')} autoFocus />
      <SubmitButton isBusy={requestReset.isPending} label="Send reset link" busyLabel="Sending..." />
      <Button variant="link" size="sm" className="justify-self-center" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}
