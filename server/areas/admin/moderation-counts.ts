import type { Db } from '../../db/client';
import { countPendingModeration } from '../../platform/moderation-queues';
import { countOpen } from './reports.service';

/** The dashboard's "pending reviews" stat card: what waits in the queues the areas register. */
export async function countPendingReviews(db: Db): Promise<number> {
  return countPendingModeration(db);
}

/** The dashboard's "open reports" stat card (part A calls it). */
export async function countOpenReports(db: Db): Promise<number> {
  return countOpen(db);
}
