import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ZResetPassword } from '@common/auth-schemas';
import { MSG } from '@common/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from '@web/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import { SubmitButton } from '../components/submit-button';

/**
 * Where the reset mail's link lands (/reset-password?token=... or ?error=INVALID_TOKEN after the
 * server checked the link): choose the new password twice.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const token = searchParams.get('token') ?? '';
  const hasLinkError = searchParams.has('error') || !token;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ZResetPassword.safeParse({ token, newPassword: data.get('newPassword') });
    const fieldErrors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (!fieldErrors.newPassword && data.get('confirmPassword') !== data.get('newPassword')) {
      fieldErrors.confirmPassword = MSG.passwordsDoNotMatch;
    }
    if (!parsed.success || fieldErrors.confirmPassword) {
      setErrors(fieldErrors);
      setFormError(fieldErrors.token ?? null);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    setFormError(null);
    resetPassword.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MSG.passwordUpdated);
        void navigate('/auth', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields?.newPassword) {
          setErrors({ newPassword: error.fields.newPassword });
          return;
        }
        setFormError(isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.unexpected);
      },
    });
  };

  if (hasLinkError) {
    return (
      <AuthShell title="Reset your password">
        <p
          role="alert"
          className="rounded-md border border-destructive-text/40 px-3 py-2 text-sm text-destructive-text"
        >
          {MSG.resetLinkInvalid}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/auth">Back to login</Link>
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a new password" subtitle="Enter your new password twice to confirm it.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
        {formError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive-text/40 px-3 py-2 text-sm text-destructive-text"
          >
            {formError}
          </p>
        ) : null}
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          error={errors.newPassword}
          onChange={() => setErrors((current) => ({ ...current, newPassword: undefined }))}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          onChange={() => setErrors((current) => ({ ...current, confirmPassword: undefined }))}
        />
        <SubmitButton isBusy={resetPassword.isPending} label="Update Password" busyLabel="Updating..." />
        <Button asChild variant="link" size="sm" className="justify-self-center">
          <Link to="/auth">Back to login</Link>
        </Button>
      </form>
    </AuthShell>
  );
}
