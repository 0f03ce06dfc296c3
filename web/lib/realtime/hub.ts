import type { ClientCommand, ServerEvent, ServerEventType } from '@common/core/realtime';

/**
 * The page's side of the realtime connection, without the connection itself: event listeners,
 * refcounted topics and the connection status. Hooks register here from the first render; the
 * socket code (connection.ts) is loaded only for signed-in people and plugs into this hub.
 */

/**
 * idle: no connection wanted (visitor, or not started yet); connecting: first attempt;
 * open: the server said hello; reconnecting: the socket dropped and a retry is scheduled.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
type AnyHandler = (event: ServerEvent) => void;

type Transport = {
  send: (command: ClientCommand) => boolean;
  onTopicsAdded: (topics: string[]) => void;
  onTopicsRemoved: (topics: string[]) => void;
};

const handlers = new Map<ServerEventType, Set<AnyHandler>>();
const topicCounts = new Map<string, number>();
const statusListeners = new Set<() => void>();
let status: RealtimeStatus = 'idle';
let transport: Transport | null = null;

export function onRealtimeEvent<T extends ServerEventType>(
  type: T,
  handler: (event: EventOf<T>) => void,
): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  const anyHandler = handler as AnyHandler;
  set.add(anyHandler);
  return () => {
    set.delete(anyHandler);
  };
}

/** Delivers a server event (or a local 'resync') to its listeners. */
export function emitRealtimeEvent(event: ServerEvent): void {
  const set = handlers.get(event.type);
  if (!set) return;
  for (const handler of [...set]) {
    try {
      handler(event);
    } catch (error) {
      // One broken listener must not stop the others or the socket's message loop.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** Adds one reference to each topic; the returned function removes them again. */
export function retainTopics(topics: string[]): () => void {
  const added: string[] = [];
  for (const name of topics) {
    const count = topicCounts.get(name) ?? 0;
    topicCounts.set(name, count + 1);
    if (count === 0) added.push(name);
  }
  if (added.length) transport?.onTopicsAdded(added);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    const removed: string[] = [];
    for (const name of topics) {
      const count = (topicCounts.get(name) ?? 0) - 1;
      if (count <= 0) {
        topicCounts.delete(name);
        removed.push(name);
      } else {
        topicCounts.set(name, count);
      }
    }
    if (removed.length) transport?.onTopicsRemoved(removed);
  };
}

/** Every topic someone holds now (the connection resubscribes them after a reconnect). */
export function currentTopics(): string[] {
  return [...topicCounts.keys()];
}

/** Sends a command if the socket is open; false when it was dropped (typing events are best effort). */
export function sendRealtimeCommand(command: ClientCommand): boolean {
  return transport?.send(command) ?? false;
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function setRealtimeStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** The connection attaches itself while it runs; null detaches it. */
export function setRealtimeTransport(next: Transport | null): void {
  transport = next;
}
