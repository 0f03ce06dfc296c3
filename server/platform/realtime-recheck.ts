import type { Logger } from '../lib/logger';
import type { Conn } from './realtime-connections';

/*
 * Checking live sockets again when something changed after they were authorised (see realtime.ts):
 * an access change (a block, a privacy switch, an ended friendship) re-runs the topic authorisers
 * of the subscriptions it concerns and drops those that no longer pass; an ended session re-checks
 * its people's sockets at once instead of at the next periodic round. Both may be announced in
 * bursts (a busy site signs people out all the time), so runs are coalesced: one at a time, and
 * whatever is announced meanwhile is merged into the next run. Nothing is cached between runs, so
 * no answer outlives the change it answered.
 */

/** Who a run concerns: these people, or everyone on this process. */
export type Who = ReadonlySet<string> | 'all';

/** Authorisations run at once during a re-check: enough to finish fast, few enough to leave room. */
const RECHECK_CONCURRENCY = 8;

/**
 * Runs `work` for the people announced, one run at a time. `request` resolves once a run that
 * covers the announcement has finished (tests wait on it; the bus handler does not).
 */
export function createCoalescer(work: (who: Who) => Promise<void>, logger: Logger, what: string) {
  let running = false;
  let pending: { who: Set<string> | 'all'; done: Promise<void>; resolve: () => void } | null = null;

  async function loop() {
    running = true;
    try {
      while (pending) {
        const run = pending;
        pending = null;
        try {
          await work(run.who);
        } catch (err) {
          logger.warn({ err }, `realtime: ${what} failed`);
        }
        run.resolve();
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Check these people (no ids: everyone) as soon as the run in progress, if any, is over. */
    request(userIds?: readonly string[]): Promise<void> {
      if (!pending) {
        let resolve!: () => void;
        const done = new Promise<void>((r) => (resolve = r));
        pending = { who: new Set(), done, resolve };
      }
      if (!userIds) pending.who = 'all';
      else if (pending.who !== 'all') for (const id of userIds) pending.who.add(id);
      const { done } = pending;
      if (!running) void loop();
      return done;
    },
  };
}

/**
 * Authorise every subscription in `subs` again, one authoriser call per person and topic, a few at
 * a time; the subscriptions that no longer pass are dropped (and their sockets told).
 */
export async function reauthorize(
  subs: Map<Conn, Set<string>>,
  authorize: (userId: string, topic: string) => Promise<boolean>,
  drop: (conn: Conn, topics: string[]) => void,
) {
  const keyOf = (userId: string, t: string) => `${userId} ${t}`;
  const asks = new Map<string, { userId: string; topic: string }>();
  for (const [conn, topics] of subs)
    for (const t of topics) asks.set(keyOf(conn.userId, t), { userId: conn.userId, topic: t });

  const verdicts = new Map<string, boolean>();
  const queue = [...asks];
  async function worker() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, { userId, topic }] = next;
      verdicts.set(key, await authorize(userId, topic));
    }
  }
  await Promise.all(Array.from({ length: Math.min(RECHECK_CONCURRENCY, queue.length) }, worker));

  for (const [conn, topics] of subs) {
    const lost = [...topics].filter((t) => verdicts.get(keyOf(conn.userId, t)) !== true);
    if (lost.length) drop(conn, lost);
  }
}
