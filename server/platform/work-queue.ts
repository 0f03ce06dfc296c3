/*
 * A bounded queue for expensive work in this process (password hashes, decoding uploaded images): at most `active`
 * jobs run at once, at most `waiting` more wait their turn, and anything beyond is refused at once
 * (the caller answers 429) rather than piling up memory and latency. It bounds one process only,
 * which is what it protects: its cores and its memory.
 */

export type WorkQueue = {
  /** Runs `job` when a slot is free; throws `busy()` straight away when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  readonly load: { active: number; waiting: number };
};

export function createWorkQueue(opts: { active: number; waiting: number; busy: () => Error }): WorkQueue {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next job, so `active` stays as it is.
    if (next) next();
    else active--;
  };

  return {
    async run(job) {
      if (active < opts.active) active++;
      else if (queue.length < opts.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw opts.busy();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get load() {
      return { active, waiting: queue.length };
    },
  };
}
