import { useState, type FormEvent } from 'react';
import { SECURITY_MSG as S } from '@common/auth/security';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { useVerifySignInCode } from '../api/second-step';
import { SubmitButton } from './submit-button';

/** Sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const verify = useVerifySignInCode();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    if (!code) return setError(recovery ? S.recoveryRequired : S.codeRequired);
    setError(undefined);
    verify.mutate(
      { code, recovery },
      {
        onError: (err) => {
          if (isApiError(err) && err.status === 401) {
            // The sign-in expired or ended after too many wrong codes: back to the password.
            setError(S.challengeExpired);
            return;
          }
          setError(
            isApiError(err) && err.code !== 'NETWORK' && err.code !== 'INTERNAL'
              ? err.message
              : MSG.unexpected,
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={S.signInStepTitle}>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{S.signInStepTitle}</h2>
        <p className="text-sm text-muted-foreground">{recovery ? S.recoveryRequired : S.signInStepExplain}</p>
      </div>
      <Field
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? S.recoveryCode : S.code}
        name="code"
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 40 : 7}
        error={error}
      />
      <SubmitButton isBusy={verify.isPending} label={S.verify} busyLabel={S.verify} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setError(undefined);
            setRecovery((r) => !r);
          }}
        >
          {recovery ? S.useAppCode : S.useRecoveryCode}
        </Button>
        <Button variant="link" size="sm" onClick={onRestart}>
          Back
        </Button>
      </div>
    </form>
  );
}
