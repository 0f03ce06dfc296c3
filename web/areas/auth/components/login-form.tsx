import { ZSignIn } from '@common/auth/schemas';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { EmailField, Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useState } from 'react';
import { useSignIn } from '../api/sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { SubmitButton } from './submit-button';
import { TwoFactorStep } from './two-factor-step';

function loginFailureMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.loginFailed;
  if (error.status === 401) return MSG.invalidCredentials;
  if (error.status === 403) return MSG.emailNotConfirmed;
  if (error.status === 429) return error.message;
  return MSG.loginFailed;
}

/** Login side of /auth. On success the page itself redirects, as it does for anyone signed in. */
export function LoginForm({
  onForgotPassword,
  onUnconfirmed,
}: {
  onForgotPassword: () => void;
  /** Not confirmed yet: the server has just mailed a new link; its message says where. */
  onUnconfirmed: (account: { email: string; password: string; notice: string }) => void;
}) {
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState(false);
  const form = useSchemaForm(ZSignIn, (data) => ({
    email: data.get('email'),
    password: data.get('password'),
  }));

  const onSubmit = form.onSubmit((values) =>
    signIn.mutate(values, {
      // Two-step sign-in: the password was right; a code from the app (or a recovery code) is next.
      onSuccess: (data) => {
        form.succeeded();
        if (data && typeof data === 'object' && 'twoFactorRedirect' in data) setSecondStep(true);
      },
      onError: (error) => {
        // A banned account (the admin area) is refused outright, not sent to confirm its address.
        if (isApiError(error) && error.message === MSG.accountSuspended) {
          form.failed(error, MSG.loginFailedTitle, { description: MSG.accountSuspended });
          return;
        }
        if (isApiError(error) && error.status === 403 && error.code === 'FORBIDDEN' && error.message) {
          form.succeeded();
          onUnconfirmed({ email: values.email, password: values.password, notice: error.message });
          return;
        }
        form.failed(error, MSG.loginFailedTitle, { description: loginFailureMessage(error) });
      },
    }),
  );

  if (secondStep) return <TwoFactorStep onRestart={() => setSecondStep(false)} />;

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
        <EmailField {...form.field('email')} />
        <div className="grid gap-2">
          <Field
            label="Password"
            {...form.field('password')}
            type="password"
            autoComplete="current-password"
          />
          <Button variant="link" size="sm" className="justify-self-end" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
        <SubmitButton isBusy={signIn.isPending} label="Log In" busyLabel="Logging in..." />
      </form>
      <PasskeySignIn />
    </div>
  );
}
