import { useSyncExternalStore, type ReactNode } from 'react';

/*
 * Toasts without sonner in the first view (issue 14): `toast.success` and `toast.error` load
 * sonner on first use and ask the app's providers to mount its Toaster then. Sonner's Toaster
 * shows on mounting the toasts created before it subscribed, so nothing is lost meanwhile.
 */

export type ToastOptions = { id?: string | number; description?: ReactNode };

let isToasterWanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error', message: ReactNode, options?: ToastOptions) {
  if (!isToasterWanted) {
    isToasterWanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the first toast on: the providers mount the Toaster then. */
export function useIsToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isToasterWanted,
    () => false,
  );
}
