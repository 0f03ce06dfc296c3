import { useRef } from 'react';
import { toast } from '@web/lib/toast';
import { z } from 'zod';
import { LIMITS } from '@common/core/limits';
import { MSG } from '@common/core/texts';
import { ZChangePassword } from '@common/profiles/schemas';
import { SETTINGS_MSG } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useChangePassword } from '../api/change-password';

const ZChangePasswordForm = ZChangePassword.extend({ confirmPassword: z.string() }).refine(
  (v) => v.confirmPassword === v.newPassword,
  { path: ['confirmPassword'], message: MSG.passwordsDoNotMatch },
);

/** Change Password on the Account tab: the current password, then the new one twice. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(ZChangePasswordForm, (data) => ({
    currentPassword: data.get('currentPassword'),
    newPassword: data.get('newPassword'),
    confirmPassword: data.get('confirmPassword'),
  }));

  const onSubmit = form.onSubmit(({ confirmPassword: _, ...values }) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        form.succeeded();
        formRef.current?.reset();
        toast.success(SETTINGS_MSG.passwordChanged);
      },
      onError: (error) => {
        // better-auth names its own length errors 'password'; here that is the new password.
        if (isApiError(error) && error.fields?.password && !error.fields.newPassword) {
          form.showErrors({ newPassword: error.fields.password });
          form.failed(null, SETTINGS_MSG.passwordChangeFailed);
          return;
        }
        const hasFields = isApiError(error) && Object.keys(error.fields ?? {}).length > 0;
        form.failed(
          error,
          isApiError(error) && error.code !== 'NETWORK' && !hasFields
            ? error.message
            : SETTINGS_MSG.passwordChangeFailed,
        );
      },
    }),
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-labelledby="change-password-heading"
    >
      <Field
        label="Current password"
        {...form.field('currentPassword')}
        type="password"
        autoComplete="current-password"
      />
      <Field
        label="New password"
        {...form.field('newPassword')}
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters`}
      />
      <Field
        label="Confirm new password"
        {...form.field('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <p className="text-sm text-muted-foreground">
        You stay signed in here; every other device is signed out.
      </p>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={changePassword.isPending}
        aria-disabled={changePassword.isPending || undefined}
      >
        {changePassword.isPending ? (
          <>
            <Spinner />
            Changing password...
          </>
        ) : (
          'Change Password'
        )}
      </Button>
    </form>
  );
}
