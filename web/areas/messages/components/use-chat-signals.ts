import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGING } from '@common/messages/model';
import { topic } from '@common/core/realtime';
import { sendRealtimeCommand } from '@web/lib/realtime/hub';
import { useRealtimeEvent, useTopic } from '@web/lib/realtime/use-realtime';

/**
 * Whether `partnerId` is online: the thread's answer until a presence event says otherwise (the
 * first comes right after subscribing).
 * Holds the presence topic while mounted.
 */
export function usePartnerPresence(partnerId: string, initial: boolean): boolean {
  const presenceTopic = topic.presence(partnerId);
  useTopic(presenceTopic);
  const [live, setLive] = useState<{ userId: string; online: boolean } | null>(null);
  // The server answers each subscription with the current state, then sends every change.
  useRealtimeEvent('presence', (event) => {
    if (event.userId === partnerId) setLive({ userId: event.userId, online: event.online });
  });
  // The server dropped the subscription (a block either way): presence no longer shows.
  useRealtimeEvent('unsubscribed', ({ topics }) => {
    if (topics.includes(presenceTopic)) setLive({ userId: partnerId, online: false });
  });
  // After a reconnect the thread is refetched: trust its fresh answer again.
  useRealtimeEvent('resync', () => setLive(null));
  return live?.userId === partnerId ? live.online : initial;
}

/** True for MESSAGING.typingMs after the last typing event from `partnerId` (or until they send). */
export function usePartnerTyping(partnerId: string): boolean {
  const [typingFrom, setTypingFrom] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setTypingFrom(null);
  }, []);

  useRealtimeEvent('typing', (event) => {
    if (event.from !== partnerId) return;
    setTypingFrom(event.from);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTypingFrom(null), MESSAGING.typingMs);
  });
  useRealtimeEvent('message.created', ({ message }) => {
    if (message.senderId === partnerId) stop();
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  return typingFrom === partnerId;
}

/** Tells `partnerId` that the viewer is typing, at most once per MESSAGING.typingThrottleMs. */
export function useTypingNotifier(partnerId: string): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < MESSAGING.typingThrottleMs) return;
    if (sendRealtimeCommand({ op: 'typing', to: partnerId })) lastSent.current = now;
  }, [partnerId]);
}

/** Whether the tab is in front (read receipts are only sent for a thread someone can see). */
export function usePageVisible(): boolean {
  const [isVisible, setIsVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setIsVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return isVisible;
}
