import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import {
  SECURITY_MSG as S,
  TOKEN_LIFETIMES_DAYS,
  type CreateToken,
  type TokenScope,
} from '@common/auth/security';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@web/lib/format-time';
import { toast } from '@web/lib/toast';
import { useCreateToken, useRevokeToken, useTokens } from '../api/security';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Developer tab: personal access tokens, created (shown once), listed and revoked. */
export function TokensSettings() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);

  const onCreate = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const input: CreateToken = {
      name: String(data.get('tokenName') ?? '').trim(),
      scope: String(data.get('scope')) as TokenScope,
      expiresInDays: Number(data.get('expiresInDays')) as CreateToken['expiresInDays'],
    };
    if (!input.name) return setError(MSG.fillAllFields);
    setError(undefined);
    create.mutate(input, {
      onSuccess: ({ token }) => {
        form.reset();
        setCopied(false);
        setShown(token);
      },
      onError: (err) => setError(isApiError(err) && err.code !== 'NETWORK' ? err.message : MSG.unexpected),
    });
  };

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onCreate} className="grid gap-3 sm:grid-cols-3" aria-label={S.createToken}>
        <div className="sm:col-span-3">
          <Field label={S.tokenName} name="tokenName" maxLength={60} placeholder="My script" error={error} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="token-scope">{S.tokenScope}</Label>
          <select id="token-scope" name="scope" className={selectClass} defaultValue="read">
            <option value="read">{S.scopeRead}</option>
            <option value="write">{S.scopeWrite}</option>
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="token-expiry">{S.tokenExpiry}</Label>
          <select id="token-expiry" name="expiresInDays" className={selectClass} defaultValue="30">
            {TOKEN_LIFETIMES_DAYS.map((d) => (
              <option key={d} value={d}>
                {S.days(d)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="self-end" disabled={create.isPending}>
          {S.createToken}
        </Button>
      </form>

      {shown ? (
        <div
          role="status"
          className="grid gap-2 rounded-md border border-primary/40 bg-accent/40 p-3 text-sm"
        >
          <p className="font-medium">{S.tokenShownOnce}</p>
          <code data-testid="new-token" className="break-all font-mono">
            {shown}
          </code>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void navigator.clipboard?.writeText(shown).then(
                  () => setCopied(true),
                  () => toast.error(MSG.unexpected),
                )
              }
            >
              {copied ? S.copied : S.copy}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setShown(null)}>
              {S.done}
            </Button>
          </div>
        </div>
      ) : null}

      {tokens.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" /> Loading…
        </p>
      ) : tokens.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          {S.loadFailed}
          <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
            {S.tryAgain}
          </Button>
        </div>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{S.noTokens}</p>
      ) : (
        <ul className="grid gap-2" aria-label={S.tokensTitle}>
          {tokens.data.map((token) => {
            const expired = new Date(token.expiresAt).getTime() <= Date.now();
            return (
              <li key={token.id} className="flex items-center gap-3 rounded-md border p-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">
                    {token.name}{' '}
                    <span className="text-xs font-normal text-muted-foreground">
                      {token.scope === 'write' ? S.scopeWrite : S.scopeRead}
                    </span>
                  </p>
                  <p className="text-muted-foreground">
                    {expired ? S.expired : S.expires(formatDateTime(token.expiresAt))} ·{' '}
                    {token.lastUsedAt ? S.lastUsed(formatRelativeTime(token.lastUsedAt)) : S.neverUsed}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={S.revokeToken(token.name)}
                  title={S.revoke}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(token.id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
