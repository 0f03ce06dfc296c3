import { REALTIME, type ServerEventType } from '@common/core/realtime';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  getRealtimeStatus,
  onRealtimeEvent,
  retainTopics,
  subscribeRealtimeStatus,
  type EventOf,
  type RealtimeStatus,
} from './hub';

/** Calls `handler` for every server event of `type` while the component is mounted. */
export function useRealtimeEvent<T extends ServerEventType>(
  type: T,
  handler: (event: EventOf<T>) => void,
): void {
  // The latest handler is called without resubscribing on every render.
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => onRealtimeEvent(type, (event) => handlerRef.current(event)), [type]);
}

/** Holds a subscription to `topic` (e.g. topic.presence(id)) while mounted; null holds nothing. */
export function useTopic(name: string | null | undefined): void {
  useEffect(() => (name ? retainTopics([name]) : undefined), [name]);
}

/**
 * Follows `name` while mounted (null: nothing) and calls `catchUp` whenever events may have been
 * missed or what is shown may no longer be the viewer's to see: once the subscription is confirmed
 * (anything that changed between the first fetch and it), after a resync (the server lost its bus
 * connection), and when the server drops the subscription (a block, a privacy switch: the refetch
 * shows what the viewer may still see).
 */
export function useLiveTopic(
  name: string | null,
  catchUp: () => void,
  options: {
    /**
     * On (the default) when the data shown is never older than REALTIME.quietWindowMs less a
     * margin when the topic is first held (the default staleTime, 30 s, plus its fetch): the catch-up after
     * the subscription is skipped when the server says nothing was published on the topic for
     * that long. Off for data kept longer.
     */
    skipWhenQuiet?: boolean;
  } = {},
): void {
  useTopic(name);
  const heldSince = useRef(0);
  useEffect(() => {
    heldSince.current = Date.now();
  }, [name]);
  const { skipWhenQuiet = true } = options;
  useRealtimeEvent('subscribed', ({ topics, quiet }) => {
    if (!name || !topics.includes(name)) return;
    const justHeld = Date.now() - heldSince.current <= REALTIME.quietAckMs;
    if (skipWhenQuiet && justHeld && quiet?.includes(name)) return;
    catchUp();
  });
  useRealtimeEvent('unsubscribed', ({ topics }) => {
    if (name && topics.includes(name)) catchUp();
  });
  useRealtimeEvent('resync', () => {
    if (name) catchUp();
  });
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, () => 'idle' as const);
}

/**
 * The refetch interval for lists that realtime keeps fresh: none while the socket is open,
 * `fallbackMs` while it is down (polling only as a fallback: docs/product-rules.md: live, not polling).
 */
export function useFallbackPolling(fallbackMs: number): number | false {
  return useRealtimeStatus() === 'open' ? false : fallbackMs;
}
