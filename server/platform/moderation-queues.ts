import type { Db } from '../db/client';

/*
 * Queues of things waiting for an admin (decision 012), such as business reviews awaiting
 * moderation. The area that owns the things registers its queue; the admin dashboard adds up what
 * is pending without reading the area's tables.
 */

export type ModerationQueue = {
  name: string;
  /** How many things wait for an admin now. */
  countPending(db: Db): Promise<number>;
};

const queues = new Map<string, ModerationQueue>();

export function registerModerationQueue(queue: ModerationQueue): void {
  queues.set(queue.name, queue);
}

/** Every registered queue. */
export function moderationQueues(): ModerationQueue[] {
  return [...queues.values()];
}

/** What waits in every queue together (the dashboard's "pending reviews"). */
export async function countPendingModeration(db: Db): Promise<number> {
  const counts = await Promise.all(moderationQueues().map((q) => q.countPending(db)));
  return counts.reduce((a, b) => a + b, 0);
}
