import { CLOSE, REALTIME, type ClientCommand, type ServerEvent } from '@common/core/realtime';
import { currentTopics, emitRealtimeEvent, setRealtimeStatus, setRealtimeTransport } from './hub';

/** A subscribe frame stays well under the server's frame limit (a presence topic is ~45 bytes). */
const TOPICS_PER_FRAME = 40;

type StartOptions = {
  /** The session may be gone (closed by the server, or refused before the greeting): re-check "me". */
  onSessionEnded: () => void;
};

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REALTIME.backoffMaxMs, REALTIME.backoffStartMs * 2 ** attempt);
  // "Equal jitter": at least half the ceiling, so a flapping server is not hammered.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${REALTIME.path}`;
}

function isServerEvent(value: unknown): value is ServerEvent {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * Opens the tab's one realtime socket and keeps it open until the returned function is called:
 * reconnects with backoff, resubscribes every held topic, pings, and reports its status to the
 * hub. Each time it is (re)connected it emits a local 'resync' so lists refetch what they may
 * have missed.
 */
export function startRealtime({ onSessionEnded }: StartOptions): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let hasBeenOpen = false;
  let isStopped = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastFrameAt = 0;

  const send = (command: ClientCommand): boolean => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(command));
    return true;
  };

  const sendTopics = (op: 'subscribe' | 'unsubscribe', topics: string[]) => {
    for (let i = 0; i < topics.length; i += TOPICS_PER_FRAME) {
      send({ op, topics: topics.slice(i, i + TOPICS_PER_FRAME) });
    }
  };

  const clearTimers = () => {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    reconnectTimer = undefined;
    pingTimer = undefined;
  };

  const scheduleReconnect = () => {
    if (isStopped || reconnectTimer !== undefined) return;
    setRealtimeStatus(hasBeenOpen || attempt > 0 ? 'reconnecting' : 'connecting');
    const delay = backoffDelay(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  };

  const connect = () => {
    if (isStopped) return;
    clearTimers();
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    let isGreeted = false;

    ws.onmessage = (message) => {
      lastFrameAt = Date.now();
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (!isServerEvent(data)) return;
      if (data.type === 'hello') {
        const wasOpen = hasBeenOpen;
        isGreeted = true;
        hasBeenOpen = true;
        attempt = 0;
        sendTopics('subscribe', currentTopics());
        setRealtimeStatus('open');
        // The first greeting, when the server knows nothing was sent to this person for longer
        // than this page has existed (`quietMs`, up to the quiet window): every read the page made
        // started after the last thing sent to them, so it missed nothing addressed to them, and
        // each held topic's own answer ('subscribed') says whether it needs a catch-up. Otherwise
        // (a reconnect, an older page, something was sent since the page began) whatever was
        // fetched before this socket listened may have missed events: the lists refetch once.
        const quietMs =
          data.quietMs ?? (data.quiet === true ? REALTIME.quietWindowMs - REALTIME.quietAckMs : 0);
        const missedNothing = !wasOpen && performance.now() < quietMs;
        emitRealtimeEvent(data);
        if (!missedNothing) emitRealtimeEvent({ type: 'resync' });
        return;
      }
      if (data.type === 'subscribed' && data.deferred?.length) {
        // Refused only for asking too much too fast (a reconnect of many tabs): ask again later
        // for whatever is still held then.
        const later = data.deferred;
        setTimeout(() => {
          const held = new Set(currentTopics());
          const again = later.filter((name) => held.has(name));
          if (socket === ws && again.length) sendTopics('subscribe', again);
        }, data.retryAfterMs ?? REALTIME.backoffStartMs);
      }
      emitRealtimeEvent(data);
    };

    ws.onopen = () => {
      lastFrameAt = Date.now();
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        // Three silent intervals: the connection is dead even if the browser has not noticed.
        if (Date.now() - lastFrameAt > REALTIME.pingIntervalMs * 3) {
          ws.close();
          return;
        }
        send({ op: 'ping' });
      }, REALTIME.pingIntervalMs);
    };

    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(pingTimer);
      pingTimer = undefined;
      if (isStopped) return;
      if (
        event.code === CLOSE.unauthenticated ||
        event.code === CLOSE.sessionEnded ||
        event.code === CLOSE.forbidden
      ) {
        // Retrying cannot help without a session; the page signs the person out.
        setRealtimeStatus('idle');
        onSessionEnded();
        return;
      }
      // Refused before the greeting: the server answers a lost session with HTTP 401, which the
      // browser reports only as 1006. Re-check the session; if it is gone the page stops us.
      if (!isGreeted) onSessionEnded();
      scheduleReconnect();
    };
  };

  /** Back online or back in view: retry now instead of waiting out the backoff. */
  const retryNow = () => {
    if (isStopped || socket || !navigator.onLine) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    attempt = 0;
    connect();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') retryNow();
  };

  setRealtimeTransport({
    send,
    onTopicsAdded: (topics) => sendTopics('subscribe', topics),
    onTopicsRemoved: (topics) => sendTopics('unsubscribe', topics),
  });
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', onVisibility);
  setRealtimeStatus('connecting');
  connect();

  return () => {
    isStopped = true;
    clearTimers();
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', onVisibility);
    setRealtimeTransport(null);
    const ws = socket;
    socket = null;
    ws?.close(1000);
    setRealtimeStatus('idle');
  };
}
