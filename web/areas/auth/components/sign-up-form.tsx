import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ZSignUp } from '@common/auth-schemas';
import { MSG } from '@common/messages';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from '@web/lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { SubmitButton } from './submit-button';

/** Sign Up side of /auth. No session follows: the person confirms their email first. */
export function SignUpForm() {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (name: string) => setErrors((current) => ({ ...current, [name]: undefined }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ZSignUp.safeParse({
      username: data.get('username'),
      email: data.get('email'),
      password: data.get('password'),
    });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    signUp.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MSG.signUpSuccess);
        void navigate('/');
      },
      onError: (error) => {
        // Field errors (e.g. 'Username already taken') belong next to their field.
        if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          focusFirstError(form, error.fields);
          return;
        }
        const message = isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.signUpFailed;
        toast.error(message);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign Up">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
        onChange={() => clearError('username')}
      />
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
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        error={errors.password}
        onChange={() => clearError('password')}
      />
      <SubmitButton isBusy={signUp.isPending} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}
