import { REALTIME, type ServerEventType } from '@common/core/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { shownSince } from '@web/lib/query-sent-at';
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
 * May a page skip the catch-up of a topic just confirmed? Yes when the answer came less than
 * `quietMs` (the server's: for how long it knows nothing was published on the topic) after the
 * request of the data shown was sent: then the topic's last event came before that read began,
 * and the read saw it; what comes after the subscription arrives live. Durations on this page's
 * clock only (performance.now()), nothing compared with the server's.
 */
export function missedNothing(confirmedAt: number, shownSince: number, quietMs: number): boolean {
  return confirmedAt - shownSince < quietMs;
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
     * The query keys of what the catch-up refreshes (every query under each, as invalidateQueries
     * matches): when the send time of every shown one is known (query-sent-at.ts), the catch-up
     * after the subscription is skipped if the server knows nothing was published on the topic
     * since the oldest of them was sent (missedNothing). Without it, or when one is not known, the
     * rule below applies.
     */
    shows?: readonly QueryKey[];
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
  const queryClient = useQueryClient();
  const heldSince = useRef(0);
  useEffect(() => {
    heldSince.current = Date.now();
  }, [name]);
  const { skipWhenQuiet = true, shows } = options;
  useRealtimeEvent('subscribed', ({ topics, quiet, quietMs }) => {
    if (!name || !topics.includes(name)) return;
    const confirmedAt = performance.now();
    const since = shows ? shownSince(queryClient, shows) : undefined;
    const quietFor = quietMs?.[name];
    if (since != null && quietFor !== undefined) {
      if (!missedNothing(confirmedAt, since, quietFor)) catchUp();
      return;
    }
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
