import { WifiOff } from 'lucide-react';
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
        <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2 py-1 text-xs whitespace-nowrap text-muted-foreground">
          <WifiOff aria-hidden="true" className="size-3.5" />
          <span className="max-sm:sr-only">Reconnecting…</span>
        </span>
      ) : null}
    </span>
  );
}
