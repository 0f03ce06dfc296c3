import { useState, type FormEvent } from 'react';
import { SECURITY_MSG as S, type TwoFactorSetup } from '@common/auth/security';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from '../api/security';

/** The server's words for a refused step, or the generic one. */
const messageOf = (error: unknown) =>
  isApiError(error) && error.code !== 'NETWORK' && error.code !== 'INTERNAL' ? error.message : MSG.unexpected;

function downloadCodes(codes: string[]) {
  const text = `Cofound recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'cofound-recovery-codes.txt';
  a.click();
  URL.revokeObjectURL(url);
}

/** Account tab: turn two-step sign-in on (QR code, key, one code, recovery codes) or off. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [step, setStep] = useState<'idle' | 'password' | 'scan' | 'codes' | 'disable'>('idle');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [error, setError] = useState<string | undefined>();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();

  const value = (e: FormEvent<HTMLFormElement>, name: string) =>
    String(new FormData(e.currentTarget).get(name) ?? '');

  const onPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    enable.mutate(value(e, 'password'), {
      onSuccess: (data) => {
        setSetup(data);
        setStep('scan');
      },
      onError: (err) => setError(messageOf(err)),
    });
  };
  const onConfirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    confirm.mutate(value(e, 'code'), {
      onSuccess: () => setStep('codes'),
      onError: (err) => setError(messageOf(err)),
    });
  };
  const onDisable = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    disable.mutate(
      { password: value(e, 'password'), code: value(e, 'code') },
      {
        onSuccess: () => {
          setStep('idle');
          toast.success(S.twoFactorOff);
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  if (step === 'codes' && setup)
    return (
      <div className="grid gap-3">
        <h3 className="font-medium">{S.recoveryTitle}</h3>
        <p className="text-sm text-muted-foreground">{S.recoveryExplain}</p>
        <ul aria-label={S.recoveryTitle} className="grid grid-cols-2 gap-1 font-mono text-sm">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => downloadCodes(setup.backupCodes)}>
            {S.downloadCodes}
          </Button>
          <Button
            type="button"
            onClick={() => {
              setSetup(null);
              setStep('idle');
            }}
          >
            {S.done}
          </Button>
        </div>
      </div>
    );

  if (step === 'scan' && setup)
    return (
      <form noValidate onSubmit={onConfirm} className="grid gap-3" aria-label={S.twoFactorTitle}>
        <p className="text-sm">{S.scanQr}</p>
        <img
          src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
          alt={S.qrAlt}
          width={180}
          height={180}
          className="rounded border bg-white p-1"
        />
        <div className="grid gap-1 text-sm">
          <span className="font-medium" id="totp-key-label">
            {S.textKey}
          </span>
          <code aria-labelledby="totp-key-label" data-testid="totp-key" className="break-all font-mono">
            {setup.secret}
          </code>
        </div>
        <p className="text-sm">{S.confirmCode}</p>
        <Field
          label={S.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={error}
        />
        <Button type="submit" disabled={confirm.isPending} className="justify-self-start">
          {S.confirm}
        </Button>
      </form>
    );

  if (step === 'password')
    return (
      <form noValidate onSubmit={onPassword} className="grid gap-3" aria-label={S.twoFactorTitle}>
        <Field
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={enable.isPending}>
            {S.turnOn}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setStep('idle')}>
            Cancel
          </Button>
        </div>
      </form>
    );

  if (step === 'disable')
    return (
      <form noValidate onSubmit={onDisable} className="grid gap-3" aria-label={S.turnOff}>
        <Field label="Current password" name="password" type="password" autoComplete="current-password" />
        <Field
          label={S.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {S.turnOff}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setStep('idle')}>
            Cancel
          </Button>
        </div>
      </form>
    );

  return (
    <div className="grid gap-3">
      <p className="text-sm" role="status">
        {enabled ? S.twoFactorOn : S.twoFactorOff}
      </p>
      {enabled ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setStep('disable')}
        >
          {S.turnOff}
        </Button>
      ) : (
        <Button type="button" className="justify-self-start" onClick={() => setStep('password')}>
          {S.turnOn}
        </Button>
      )}
    </div>
  );
}
