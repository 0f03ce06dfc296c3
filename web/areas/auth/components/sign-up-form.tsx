import { ZSignUp } from '@common/auth/schemas';
import { MSG } from '@common/core/texts';
import { EmailField, Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useSignUp } from '../api/sign-up';
import { SubmitButton } from './submit-button';
import { useState } from 'react';
import { LIMITS } from '@common/core/limits';
import { useUsernameCheck } from '../api/check-username';

/** Sign Up side of /auth. No session follows: the person confirms their email first. */
export function SignUpForm({
  onSent,
}: {
  onSent: (account: { email: string; password: string; notice?: string }) => void;
}) {
  const signUp = useSignUp();
  const form = useSchemaForm(ZSignUp, (data) => ({
    username: data.get('username'),
    email: data.get('email'),
    password: data.get('password'),
  }));

  const [username, setUsername] = useState('');
  const check = useUsernameCheck(username);
  const usernameField = form.field('username');
  // Still too short is not an error while typing: the rule under the field says the length.
  const isShortSoFar = username.trim().length < LIMITS.usernameMin;
  const liveError = check.state === 'refused' && !isShortSoFar ? check.message : undefined;
  const usernameHint =
    check.state === 'available'
      ? MSG.usernameAvailable
      : check.state === 'checking' && !isShortSoFar
        ? MSG.usernameChecking
        : MSG.usernameRule;

  const onSubmit = form.onSubmit((values) =>
    signUp.mutate(values, {
      // The check-your-inbox screen takes over (issue 21): no toast that fades away. Its status
      // line says the sign-up success text ('Account created successfully! ...').
      onSuccess: () => {
        form.succeeded();
        onSent({ email: values.email, password: values.password, notice: MSG.signUpSuccess });
      },
      onError: (error) => {
        // Field errors (e.g. 'Username already taken') belong next to their field; the toast
        // then says only that sign-up failed.
        const hasFields = isApiError(error) && Object.keys(error.fields ?? {}).length > 0;
        const message =
          isApiError(error) && error.code !== 'NETWORK' && !hasFields ? error.message : MSG.signUpFailed;
        form.failed(error, message);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign Up">
      <Field
        label="Username"
        {...usernameField}
        error={usernameField.error ?? liveError}
        hint={usernameHint}
        onChange={(event) => {
          usernameField.onChange();
          setUsername(event.currentTarget.value);
        }}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      {/* A free name, said once it is known (the hint is not live; a refusal is the field's error). */}
      <p role="status" className="sr-only">
        {check.state === 'available' ? MSG.usernameAvailable : ''}
      </p>
      <EmailField {...form.field('email')} />
      <Field
        label="Password"
        {...form.field('password')}
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
      />
      <SubmitButton isBusy={signUp.isPending} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}
