import { Monitor, Smartphone } from 'lucide-react';
import { SECURITY_MSG as S } from '@common/auth/security';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatRelativeTime } from '@web/lib/format-time';
import { toast } from '@web/lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security';

const MOBILE = /iPhone|iPad|Android/;

/** Account tab: where the member is signed in, each session ended on its own or all others at once. */
export function SessionsSettings() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();

  if (sessions.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="size-4" /> Loading…
      </p>
    );
  if (sessions.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        {S.loadFailed}
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          {S.tryAgain}
        </Button>
      </div>
    );

  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label={S.sessionsTitle}>
        {sessions.data.map((s) => {
          const Icon = MOBILE.test(s.device) ? Smartphone : Monitor;
          const what = `${s.browser} on ${s.device}`;
          return (
            <li key={s.id} className="flex items-center gap-3 rounded-md border p-3 text-sm">
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {what}
                  {s.current ? <span className="ml-2 text-xs text-success-text">{S.thisDevice}</span> : null}
                </p>
                <p className="text-muted-foreground">
                  {s.place ? `${s.place} · ` : ''}
                  {S.lastActive(formatRelativeTime(s.lastSeenAt))} ·{' '}
                  {S.signedInOn(formatRelativeTime(s.createdAt))}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={S.endSessionOf(what)}
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(s.id, { onError: () => toast.error(S.sessionNotFound) })}
                >
                  {S.endSession}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">{S.sessionsExplain}</p>
      {others.length ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {S.endOthers}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{S.noOtherSessions}</p>
      )}
    </div>
  );
}
