/**
 * Calls that come together for the same key share one run: while `run(key)` has not settled, the
 * same key gets the same promise. Nothing is kept once it settles (a failure is not remembered), so
 * the map holds only what is running at the moment.
 */
export function sharedWhileRunning<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key) => {
    let pending = running.get(key);
    if (!pending) {
      pending = run(key).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  };
}
