// Server CPU per statement, built by drizzle on every call against written once (statementOnce,
// preparedFor), for some of the hottest reads, in process on the community bench's database (read
// only). Batches of each way alternate, so a busy machine weighs on both alike. Run with
//   STATEMENT_DB=postgres://postgres@127.0.0.1:5432/cofound_bench_community npx tsx scripts/statement-cost.ts [calls] [rounds]
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { openDatabase, preparedFor, statementOnce, type Db } from '../server/db/client';
import { blockedEitherIds } from '../server/db/rules';
import { profiles, reactions } from '../server/db/schema';

const url = process.env.STATEMENT_DB;
if (!url) throw new Error('STATEMENT_DB: the bench database');
const calls = Number(process.argv[2] ?? 400);
const rounds = Number(process.argv[3] ?? 4);
const { db, close } = await openDatabase({ url, poolSize: 1 });
const ids = (
  await db.execute<{ id: string }>(sql`select id::text as id from profiles order by md5(id::text) limit 200`)
).rows.map((r) => r.id);
const article = (await db.execute<{ id: string }>(sql`select id::text as id from articles limit 1`)).rows[0]!
  .id;

const unread = (viewerId: string): SQL => sql`
    select
      (select coalesce(sum(unread_count), 0)::int from conversations where owner_id = ${viewerId}) as messages,
      (select count(*)::int from messages where receiver_id = ${viewerId} and not read and inquiry_kind is not null) as inquiries`;
const unreadOnce = statementOnce<{ viewerId: string }, unknown>(({ viewerId }) => unread(viewerId));
const reader = (viewerId: string): SQL => sql`select
  ${blockedEitherIds(viewerId)}::text[] as hidden,
  array(select c.connected_user_id::text from connections c where c.user_id = ${viewerId}) as following,
  null::text[] as allowed`;
const readerOnce = statementOnce<{ viewerId: string }, unknown>(({ viewerId }) => reader(viewerId));
const summary = (d: Db, viewerId: string) =>
  d
    .select({
      type: reactions.reactionType,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${reactions.userId} = ${viewerId})`,
    })
    .from(reactions)
    .where(and(eq(reactions.contentType, 'article'), eq(reactions.contentId, article)))
    .groupBy(reactions.reactionType);
const summaryOnce = preparedFor((d: Db) =>
  d
    .select({
      type: reactions.reactionType,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${reactions.userId} = ${sql.placeholder('viewerId')})`,
    })
    .from(reactions)
    .where(and(eq(reactions.contentType, 'article'), eq(reactions.contentId, sql.placeholder('id'))))
    .groupBy(reactions.reactionType)
    .prepare('statement_cost_summary'),
);
const profile = (d: Db, id: string) => d.select().from(profiles).where(eq(profiles.id, id));
const profileOnce = preparedFor((d: Db) =>
  d
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('statement_cost_profile'),
);

const cases: [string, (id: string) => Promise<unknown>, (id: string) => Promise<unknown>][] = [
  ['unread messages (sql)', (id) => db.execute(unread(id)), (id) => unreadOnce(db, { viewerId: id })],
  ['feed reader (sql)', (id) => db.execute(reader(id)), (id) => readerOnce(db, { viewerId: id })],
  [
    'reaction summary (select)',
    (id) => summary(db, id),
    (id) => summaryOnce(db).execute({ viewerId: id, id: article }),
  ],
  ['own profile (select *)', (id) => profile(db, id), (id) => profileOnce(db).execute({ id })],
];

for (const [name, built, once] of cases) {
  const total = { built: 0, once: 0 };
  for (let r = 0; r <= rounds; r++) {
    for (const [way, run] of [
      ['built', built],
      ['once', once],
    ] as const) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < calls; i++) await run(ids[i % ids.length]!);
      const c = process.cpuUsage(c0);
      // The first round warms plans and caches.
      if (r > 0) total[way] += (c.user + c.system) / 1000;
    }
  }
  const per = (x: number) => ((1000 * x) / (calls * rounds)).toFixed(1).padStart(6);
  console.log(
    `${name.padEnd(28)} built ${per(total.built)} µs  once ${per(total.once)} µs  ratio ${(total.once / total.built).toFixed(2)}`,
  );
}
await close();
