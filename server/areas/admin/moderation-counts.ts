import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countOpen } from './reports.service';

/** The dashboard's "pending reviews" stat card (part A calls it). */
export async function countPendingReviews(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from business_reviews where moderation_status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The dashboard's "open reports" stat card (part A calls it). */
export async function countOpenReports(db: Db): Promise<number> {
  return countOpen(db);
}
