import { useSyncExternalStore } from 'react';

/*
 * The app's offline state (docs/decisions/030): offline when the browser says so, or when the
 * service worker's last request failed (a connection that is up but carries nothing, as on a
 * train), until the browser's 'online' or the worker's next answer.
 */
let isWorkerOffline = false;

function subscribe(onChange: () => void) {
  const onMessage = ({ data }: MessageEvent<{ type?: string; isOnline?: boolean } | null>) => {
    if (data?.type !== 'cofound:network') return;
    isWorkerOffline = !data.isOnline;
    onChange();
  };
  const worker = navigator.serviceWorker;
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  worker?.addEventListener('message', onMessage);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
    worker?.removeEventListener('message', onMessage);
  };
}

export function useIsOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine || isWorkerOffline,
    () => false,
  );
}
