import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { clearPrivateDeviceData } from '@web/lib/device-storage';
import { meQueryOptions } from '@web/lib/me';

/*
 * The app's offline state (docs/decisions/030): offline when the browser says so, or when the
 * service worker's last request failed (a connection that is up but carries nothing, as on a
 * train); online again at the browser's 'online' or the worker's next answer.
 */
let isWorkerOffline = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function onWorkerMessage(event: MessageEvent) {
  const data = event.data as { type?: unknown; isOnline?: unknown } | null;
  if (data?.type !== 'cofound:network' || typeof data.isOnline !== 'boolean') return;
  isWorkerOffline = !data.isOnline;
  notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', notify);
    window.addEventListener('offline', notify);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}

const isOffline = () => !navigator.onLine || isWorkerOffline;

export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/**
 * Two duties of the shell: once /api/me answers that nobody is signed in (signed out, session
 * ended, account deleted), what the app kept on the device for the person goes; and when the
 * service worker first takes charge of this tab, the shown queries are read again through it, so
 * the pages already open are readable offline from the first visit.
 */
export function useOfflineUpkeep() {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const isNobody = me.data !== undefined && me.data.viewer === null;
  useEffect(() => {
    if (isNobody) clearPrivateDeviceData();
  }, [isNobody]);

  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker || worker.controller) return;
    const onControl = () => void queryClient.invalidateQueries();
    worker.addEventListener('controllerchange', onControl, { once: true });
    return () => worker.removeEventListener('controllerchange', onControl);
  }, [queryClient]);
}
