import { useRealtimeStatus } from '@web/lib/realtime/use-realtime';

/**
 * A quiet note while the live connection is down (lists then refresh every 30 s instead). The
 * status region is always there so screen readers hear the change.
 */
export function RealtimeStatus() {
  const status = useRealtimeStatus();
  return (
    <span role="status" className="contents">
      {status === 'reconnecting' ? (
        <span className="rounded-full bg-muted px-2.5 py-1 text-xs whitespace-nowrap text-muted-foreground">
          Reconnecting…
        </span>
      ) : null}
    </span>
  );
}
