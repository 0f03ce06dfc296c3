import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ZSignIn } from '@common/auth-schemas';
import { MSG } from '@common/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from '@web/lib/form-errors';
import { useSignIn } from '../api/sign-in';
import { SubmitButton } from './submit-button';

function loginFailureMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.loginFailed;
  if (error.status === 401) return MSG.invalidCredentials;
  if (error.status === 403) return MSG.emailNotConfirmed;
  if (error.status === 429) return error.message;
  return MSG.loginFailed;
}

/** Login side of /auth. On success the page itself redirects, as it does for anyone signed in. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const signIn = useSignIn();
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (name: string) => setErrors((current) => ({ ...current, [name]: undefined }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ZSignIn.safeParse({ email: data.get('email'), password: data.get('password') });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          focusFirstError(form, error.fields);
          return;
        }
        toast.error(MSG.loginFailedTitle, { description: loginFailureMessage(error) });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email}
        onChange={() => clearError('email')}
      />
      <div className="grid gap-2">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          onChange={() => clearError('password')}
        />
        <Button variant="link" size="sm" className="justify-self-end" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <SubmitButton isBusy={signIn.isPending} label="Log In" busyLabel="Logging in..." />
    </form>
  );
}
