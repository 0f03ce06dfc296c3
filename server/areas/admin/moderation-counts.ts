import type { Db } from '../../db/client';

/*
 * The dashboard's moderation figures. Replaced by part B (review moderation and member reports,
 * issue 20); until then there is nothing to count.
 */

export async function countPendingReviews(_db: Db): Promise<number> {
  return 0;
}

export async function countOpenReports(_db: Db): Promise<number> {
  return 0;
}
