import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OUTBOX_KEY } from '../lib/outbox-key';

/**
 * Sends the messages written offline (lib/outbox.ts) once the connection returns: when the tab
 * opens, at the browser's 'online', and every 15 s while any wait. The sending code loads only
 * when something waits.
 */
export function useOutboxLiveSync(viewerId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const send = () => {
      try {
        if (!navigator.onLine || !localStorage.getItem(OUTBOX_KEY)) return;
      } catch {
        return; // storage switched off: nothing can wait
      }
      import('../lib/send-outbox.offline')
        .then((m) => m.sendOutbox(queryClient, viewerId))
        .catch(() => undefined);
    };
    send();
    addEventListener('online', send);
    const timer = setInterval(send, 15_000);
    return () => {
      removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [queryClient, viewerId]);
}
