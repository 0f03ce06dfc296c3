import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { z } from 'zod';
import { ZResetPassword } from '@common/auth/schemas';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import { SubmitButton } from '../components/submit-button';

const ZResetForm = ZResetPassword.extend({ confirmPassword: z.string() }).refine(
  (v) => v.confirmPassword === v.newPassword,
  { path: ['confirmPassword'], message: MSG.passwordsDoNotMatch },
);

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(ZResetForm, (data) => ({
    token,
    newPassword: data.get('newPassword'),
    confirmPassword: data.get('confirmPassword'),
  }));

  const onSubmit = form.onSubmit(({ confirmPassword: _, ...values }) => {
    setFormError(null);
    resetPassword.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.passwordUpdated);
        void navigate('/auth', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields?.newPassword) {
          form.showErrors({ newPassword: error.fields.newPassword });
          return;
        }
        setFormError(isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.unexpected);
      },
    });
  });
  // The token is not a field on the page: its error shows above the form.
  const shownError = formError ?? form.errors.token ?? null;

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
        {shownError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive-text/40 px-3 py-2 text-sm text-destructive-text"
          >
            {shownError}
          </p>
        ) : null}
        <Field
          label="New password"
          {...form.field('newPassword')}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
        />
        <Field
          label="Confirm new password"
          {...form.field('confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton isBusy={resetPassword.isPending} label="Update Password" busyLabel="Updating..." />
        <Button asChild variant="link" size="sm" className="justify-self-center">
          <Link to="/auth">Back to login</Link>
        </Button>
      </form>
    </AuthShell>
  );
}
