import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OUTBOX_KEY } from '../lib/outbox-key';

/** How often a waiting outbox is tried again while the browser says it is online. */
const RETRY_MS = 15_000;

/**
 * Sends the messages written offline (lib/outbox.ts) once the connection returns: when the tab
 * opens, at the browser's 'online', and now and then while any wait. The sending code loads only
 * when something waits.
 */
export function useOutboxLiveSync(viewerId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const send = () => {
      if (!navigator.onLine) return;
      try {
        if (!localStorage.getItem(OUTBOX_KEY)) return;
      } catch {
        return;
      }
      void import('../lib/send-outbox')
        .then(({ sendOutbox }) => sendOutbox(queryClient, viewerId))
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    const timer = setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [queryClient, viewerId]);
}
