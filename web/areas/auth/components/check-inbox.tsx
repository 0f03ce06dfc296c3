import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ZCorrectEmail } from '@common/auth/schemas';
import { MSG, MSG_CHECK_INBOX } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/components/ui/field';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useCorrectEmail, useResendConfirmation } from '../api/confirmation';
import { SubmitButton } from './submit-button';

/** Seconds before Resend can be used again: the server limits it too (3 per address in 10 minutes). */
const RESEND_WAIT_S = 30;
const ZNewEmail = ZCorrectEmail.pick({ newEmail: true });

function useCountdown() {
  const [left, setLeft] = useState(RESEND_WAIT_S);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(RESEND_WAIT_S) };
}

/**
 * After Create Account (or signing in before confirming): the address the link went to, Resend,
 * and a way to fix a mistyped address. The password stays in memory only, to prove the correction.
 */
export function CheckInbox({
  email,
  password,
  notice,
  onDone,
}: {
  email: string;
  password: string;
  notice?: string;
  onDone: () => void;
}) {
  const [address, setAddress] = useState(email);
  const [isFixing, setIsFixing] = useState(false);
  const [status, setStatus] = useState(notice ?? '');
  const countdown = useCountdown();
  const resend = useResendConfirmation();
  const correct = useCorrectEmail();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useSchemaForm(ZNewEmail, (data) => ({ newEmail: data.get('newEmail') }));

  // The screen replaces the form the person was in: move focus to its heading, for screen readers too.
  useEffect(() => headingRef.current?.focus(), []);

  const failure = (error: unknown) =>
    isApiError(error) && error.code !== 'NETWORK' && error.code !== 'INTERNAL'
      ? error.message
      : MSG.unexpected;

  const onResend = () =>
    resend.mutate(address, {
      onSuccess: () => {
        countdown.restart();
        setStatus(MSG_CHECK_INBOX.resent(address));
      },
      onError: (error) => toast.error(failure(error)),
    });

  const onCorrect = form.onSubmit(({ newEmail }: z.infer<typeof ZNewEmail>) =>
    correct.mutate(
      { email: address, password, newEmail },
      {
        onSuccess: ({ email: saved }) => {
          form.succeeded();
          setAddress(saved);
          setIsFixing(false);
          countdown.restart();
          setStatus(MSG_CHECK_INBOX.addressChanged(saved));
        },
        onError: (error) => {
          form.failed(error, failure(error));
        },
      },
    ),
  );

  return (
    <section aria-labelledby="check-inbox-heading" className="grid gap-4 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <MailCheck aria-hidden="true" className="size-6" />
      </div>
      <h2
        id="check-inbox-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        {MSG_CHECK_INBOX.title}
      </h2>
      <p className="text-sm text-muted-foreground">
        {MSG_CHECK_INBOX.sentTo}{' '}
        <strong className="font-semibold break-all text-foreground" data-testid="inbox-address">
          {address}
        </strong>
        . {MSG_CHECK_INBOX.instructions}
      </p>
      <p role="status" className="min-h-5 text-sm font-medium text-foreground">
        {status}
      </p>
      <Button
        variant="outline"
        onClick={onResend}
        disabled={resend.isPending || countdown.left > 0}
        aria-describedby={countdown.left > 0 ? 'resend-wait' : undefined}
      >
        {resend.isPending ? 'Sending...' : MSG_CHECK_INBOX.resend}
      </Button>
      {countdown.left > 0 ? (
        <p id="resend-wait" className="-mt-2 text-xs text-muted-foreground">
          {MSG_CHECK_INBOX.resendIn(countdown.left)}
        </p>
      ) : null}
      {isFixing ? (
        <form
          noValidate
          onSubmit={onCorrect}
          className="grid gap-3 text-left"
          aria-label={MSG_CHECK_INBOX.fixAddress}
        >
          <EmailField label={MSG_CHECK_INBOX.newAddress} {...form.field('newEmail')} autoFocus />
          <SubmitButton
            isBusy={correct.isPending}
            label={MSG_CHECK_INBOX.saveAddress}
            busyLabel="Sending..."
          />
          <Button variant="ghost" onClick={() => setIsFixing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">
          {MSG_CHECK_INBOX.wrongAddress}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => setIsFixing(true)}>
            {MSG_CHECK_INBOX.fixAddress}
          </Button>
        </p>
      )}
      <Button variant="link" size="sm" className="justify-self-center" onClick={onDone}>
        {MSG_CHECK_INBOX.backToLogin}
      </Button>
    </section>
  );
}
