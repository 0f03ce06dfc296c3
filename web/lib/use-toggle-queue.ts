import { useEffect, useRef, useState } from 'react';

export type ToggleQueueOptions = {
  /** Asks the server for this state; resolves with the state the server then has. */
  send: (wanted: boolean) => Promise<boolean>;
  /** The taps are done and every request succeeded: the server's final state. */
  onSettled?: ((confirmed: boolean) => void) | undefined;
  /** A request failed; the taps after it are dropped. `attempted` is the state it asked for. */
  onError?: ((error: unknown, attempted: boolean) => void) | undefined;
  /** The queue went idle, after success or failure (refetch what it touched). */
  onIdle?: (() => void) | undefined;
};

export type ToggleQueue = {
  /**
   * A tap: flips the last wanted state, or `confirmed` (the server's state as the caller has it)
   * when no tap is pending. True when this tap started sending (nothing was in flight).
   */
  toggle: (confirmed: boolean) => boolean;
  isRunning: () => boolean;
};

/**
 * Rapid taps on a toggle (follow, react, join) collapsed into the last state the person chose
 * (after bluesky's useToggleMutationQueue): at most one request is in flight, and when it ends
 * the next is sent only if the last tap still differs from what the server answered. The shown
 * state is `wanted` (reported through `onWantedChange`, null when idle) over the server's.
 */
export function createToggleQueue(
  getOptions: () => ToggleQueueOptions & { onWantedChange: (wanted: boolean | null) => void },
): ToggleQueue {
  let running = false;
  let wanted: boolean | null = null;

  async function run(confirmedAtStart: boolean) {
    running = true;
    let confirmed = confirmedAtStart;
    let attempted = confirmedAtStart;
    let sent = false;
    try {
      while (wanted !== null && wanted !== confirmed) {
        attempted = wanted;
        confirmed = await getOptions().send(attempted);
        sent = true;
        // The server kept another state than the one asked for: asking again would loop.
        if (confirmed !== attempted) break;
      }
      if (sent) getOptions().onSettled?.(confirmed);
    } catch (error) {
      getOptions().onError?.(error, attempted);
    } finally {
      running = false;
      wanted = null;
      const options = getOptions();
      options.onWantedChange(null);
      options.onIdle?.();
    }
  }

  return {
    toggle(confirmed) {
      const next = !(wanted ?? confirmed);
      wanted = next;
      getOptions().onWantedChange(next);
      if (running) return false;
      void run(confirmed);
      return true;
    },
    isRunning: () => running,
  };
}

/** createToggleQueue for a component: `wanted` is state (null when idle), callbacks the latest render's. */
export function useToggleQueue(options: ToggleQueueOptions) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [queue] = useState(() => createToggleQueue(() => ({ ...latest.current, onWantedChange: setWanted })));
  return { wanted, toggle: queue.toggle, isRunning: queue.isRunning };
}
