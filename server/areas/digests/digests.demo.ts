import type { DigestFrequency } from '@common/digests/model';
import { digestPreferences, digestRuns, digestSends } from '../../db/schema';
import type { DemoContext } from '../../platform/demo';
import { periodStart } from './digests.job';

/*
 * The demo's digests: most members keep the weekly default, some chose daily, a few turned it off;
 * the second featured member reads the daily one. The admin's Digests tab shows the last week of
 * runs: this Monday's weekly round and each day's daily round, with what they sent and skipped,
 * and one mail the server refused (retried later).
 */
export async function demo(ctx: DemoContext) {
  const chosen: { userId: string; frequency: DigestFrequency }[] = [];
  const featured = new Set(ctx.featured.map((p) => p.id));
  for (const person of ctx.people) {
    if (featured.has(person.id)) continue;
    if (ctx.chance(0.15)) chosen.push({ userId: person.id, frequency: 'daily' });
    else if (ctx.chance(0.08)) chosen.push({ userId: person.id, frequency: 'off' });
  }
  const reader = ctx.featured[1];
  if (reader) chosen.push({ userId: reader.id, frequency: 'daily' });
  if (chosen.length) await ctx.db.insert(digestPreferences).values(chosen);

  const daily = chosen.filter((c) => c.frequency === 'daily').map((c) => c.userId);
  const off = new Set(chosen.filter((c) => c.frequency === 'off').map((c) => c.userId));
  const daySet = new Set(daily);
  const weekly = ctx.people.filter((p) => !off.has(p.id) && !daySet.has(p.id) && !featured.has(p.id));

  const rounds: { frequency: 'daily' | 'weekly'; start: Date; members: string[] }[] = [];
  for (let d = 6; d >= 0; d--) {
    const start = periodStart('daily', ctx.daysAgo(d));
    // A round a few minutes after the period began; none that would start after `now`.
    if (start.getTime() + 20 * 60_000 < ctx.now.getTime())
      rounds.push({ frequency: 'daily', start, members: daily });
  }
  rounds.push({
    frequency: 'weekly',
    start: periodStart('weekly', ctx.now),
    members: weekly.map((p) => p.id),
  });
  rounds.sort((a, b) => +a.start - +b.start);

  let sentTotal = 0;
  for (const [index, round] of rounds.entries()) {
    // Some members visited in the period (no digest), some had nothing new (skipped).
    const away = ctx.sample(round.members, Math.ceil(round.members.length * 0.4));
    const startedAt = new Date(round.start.getTime() + ctx.between(1, 14) * 60_000);
    const finishedAt = new Date(startedAt.getTime() + ctx.between(5, 90) * 1000);
    const failedOne = index === rounds.length - 2 && away.length > 2;
    const rows = away.map((userId, i) => {
      const status = failedOne && i === 0 ? 'failed' : ctx.chance(0.25) ? 'skipped' : 'sent';
      return {
        userId,
        frequency: round.frequency,
        periodStart: round.start,
        status,
        attempts: 1,
        leaseUntil: finishedAt,
        error: status === 'failed' ? '421 Service not available, try again later' : null,
        createdAt: startedAt,
        sentAt: status === 'sent' ? finishedAt : null,
      };
    });
    const count = (s: string) => rows.filter((r) => r.status === s).length;
    const [run] = await ctx.db
      .insert(digestRuns)
      .values({
        startedAt,
        finishedAt,
        sent: count('sent'),
        skipped: count('skipped'),
        failed: count('failed'),
      })
      .returning({ id: digestRuns.id });
    if (rows.length) await ctx.db.insert(digestSends).values(rows.map((r) => ({ ...r, runId: run!.id })));
    sentTotal += count('sent');
  }
  ctx.count('digests sent', sentTotal);
}
