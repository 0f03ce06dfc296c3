import { useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { SECURITY_MSG as S } from '@common/auth/security';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { formatDateTime } from '@web/lib/format-time';
import { toast } from '@web/lib/toast';
import { passkeysSupported } from '@web/lib/webauthn';
import { useAddPasskey, useDeletePasskey, usePasskeys } from '../api/security';

/** Account tab: the member's passkeys, added on this device and removed one by one. */
export function PasskeysSettings() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState('');
  const supported = passkeysSupported();

  const onAdd = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toast.success(S.passkeyAdded);
      },
      onError: () => toast.error(S.passkeyFailed),
    });
  };

  return (
    <div className="grid gap-4">
      {passkeys.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : passkeys.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          {S.loadFailed}
          <Button variant="outline" size="sm" onClick={() => void passkeys.refetch()}>
            {S.tryAgain}
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{S.noPasskeys}</p>
      ) : (
        <ul className="grid gap-2" aria-label={S.passkeysTitle}>
          {passkeys.data.map((key) => (
            <li key={key.id} className="flex items-center gap-3 rounded-md border p-3 text-sm">
              <KeyRound aria-hidden="true" className="size-4 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{key.name || 'Passkey'}</p>
                {key.createdAt ? (
                  <p className="text-muted-foreground">{S.addedOn(formatDateTime(key.createdAt))}</p>
                ) : null}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={S.removePasskey(key.name || 'Passkey')}
                title={S.remove}
                disabled={remove.isPending}
                onClick={() => remove.mutate(key.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form
          noValidate
          onSubmit={onAdd}
          className="flex flex-wrap items-end gap-2"
          aria-label={S.addPasskey}
        >
          <div className="min-w-48 flex-1">
            <Field
              label={S.passkeyName}
              name="passkeyName"
              value={name}
              maxLength={60}
              placeholder="Laptop"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {S.addPasskey}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{S.passkeyUnsupported}</p>
      )}
    </div>
  );
}
