import { KeyRound } from 'lucide-react';
import { SECURITY_MSG as S } from '@common/auth/security';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { passkeysSupported } from '@web/lib/webauthn';
import { usePasskeySignIn } from '../api/second-step';

/** "Sign in with a passkey" under the login form, in browsers that have passkeys. */
export function PasskeySignIn() {
  const signIn = usePasskeySignIn();
  if (!passkeysSupported()) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full gap-2"
      disabled={signIn.isPending}
      onClick={() =>
        signIn.mutate(undefined, {
          onError: (error) =>
            // The person closed the browser's passkey prompt: nothing to say.
            error instanceof DOMException && error.name === 'NotAllowedError'
              ? undefined
              : toast.error(MSG.loginFailedTitle, { description: S.passkeyFailed }),
        })
      }
    >
      <KeyRound aria-hidden="true" className="size-4" />
      {S.signInWithPasskey}
    </Button>
  );
}
