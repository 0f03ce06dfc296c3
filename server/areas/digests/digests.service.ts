import {
  DIGEST_DEFAULT_FREQUENCY,
  DIGEST_LIST,
  DIGEST_MSG,
  type DigestAdminView,
  type DigestFrequency,
  type DigestPreference,
} from '@common/digests/model';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { digestPreferences, digestRuns } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { LinkSigner } from '../../platform/signed-links';

export async function getPreference(db: Db, userId: string): Promise<DigestPreference> {
  const [row] = await db
    .select({ frequency: digestPreferences.frequency })
    .from(digestPreferences)
    .where(eq(digestPreferences.userId, userId));
  return { frequency: (row?.frequency as DigestFrequency | undefined) ?? DIGEST_DEFAULT_FREQUENCY };
}

export async function setPreference(db: Db, userId: string, frequency: DigestFrequency) {
  // Only a live account: an unsubscribe link of an account deleted since must not recreate its row.
  await db.execute(sql`
    insert into digest_preferences (user_id, frequency)
    select u.id, ${frequency} from users u where u.id = ${userId}
    on conflict (user_id) do update set frequency = excluded.frequency, updated_at = now()`);
  return { frequency };
}

/**
 * The unsubscribe link (no sign-in): the token names the member and the digest list, signed by
 * this server; anything else (forged, altered, another member's id under a signature) is refused.
 */
export async function unsubscribeByToken(db: Db, links: LinkSigner, token: string) {
  const userId = links.verify(DIGEST_LIST, token);
  if (!userId) throw new AppError('FORBIDDEN', DIGEST_MSG.invalidLink);
  await setPreference(db, userId, 'off');
  return { unsubscribed: true as const };
}

/** The admin area's Digests tab: the latest runs and the last 30 days by outcome. */
export async function digestAdminView(db: Db): Promise<DigestAdminView> {
  const runs = await db.select().from(digestRuns).orderBy(desc(digestRuns.startedAt)).limit(10);
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from digest_sends
    where created_at > now() - interval '30 days' group by status`);
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    runs: runs.map((r) => ({
      id: r.id,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      sent: r.sent,
      skipped: r.skipped,
      failed: r.failed,
    })),
    totals: {
      sent: count('sent'),
      skipped: count('skipped'),
      // Unknown: handed to the mail server without an answer, never sent again.
      failed: count('failed') + count('unknown'),
      pending: count('claimed') + count('sending'),
    },
  };
}
