import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ZRequestReset } from '@common/auth-schemas';
import { MSG } from '@common/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from '@web/lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { SubmitButton } from './submit-button';

/** Replaces the login form when the person follows 'Forgot password?'. */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const requestReset = useRequestPasswordReset();
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZRequestReset.safeParse({ email: new FormData(form).get('email') });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    requestReset.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MSG.resetSentTitle, { description: MSG.resetSent });
        onBack();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields?.email) {
          setErrors({ email: error.fields.email });
          return;
        }
        const description = isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.unexpected;
        toast.error(MSG.resetFailedTitle, { description });
      },
    });
  };

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
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        autoFocus
        error={errors.email}
        onChange={() => setErrors({})}
      />
      <SubmitButton isBusy={requestReset.isPending} label="Send reset link" busyLabel="Sending..." />
      <Button variant="link" size="sm" className="justify-self-center" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}
