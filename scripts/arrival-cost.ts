// What one arrival (a member's first page load) costs, request by request: the API process's CPU
// and the PostgreSQL backends' CPU per request, on the community bench's database (read only: no
// migration, no timers; the members are the ones the bench signs in). Run with
//   ARRIVAL_DB=postgres://postgres@127.0.0.1:5432/cofound_bench_community npx tsx scripts/arrival-cost.ts [members] [rounds]
// Each request is sent in process (app.request) as the member, one at a time, `rounds` times over
// `members` members; the first round warms caches and plans and is not counted. ARRIVAL_FRESH=1:
// every round its own members (nothing any earlier round kept for them).
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { readEnv } from '../server/env';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import type { Viewer } from '../server/lib/context';

const url = process.env.ARRIVAL_DB;
if (!url) throw new Error('ARRIVAL_DB: the bench database');
const members = Number(process.argv[2] ?? 40);
const rounds = Number(process.argv[3] ?? 3);
const fresh = process.env.ARRIVAL_FRESH === '1';
const APP = `arrival-cost-${process.pid}`;
const REQUESTS = [
  '/api/me',
  '/api/messages/unread',
  '/api/notifications?limit=10',
  '/api/people/suggestions',
  '/api/groups/suggested',
  '/api/events?list=upcoming&limit=3',
  '/api/feed?filter=all&limit=20',
];

const database = await openDatabase({ url: `${url}?application_name=${APP}`, poolSize: 2 });
database.migrate = async () => {};
const env = readEnv({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: url,
  AUTH_SECRET: 'arrival-cost-secret-0123456789-abcdefghijkl',
  REALTIME_BUS: 'off',
  LOG_LEVEL: 'error',
  DATA_DIR: '/tmp/arrival-cost',
});
const booted = await boot(env, { database, webDir: null, notificationMailIntervalMs: 0 });
await booted.maintenance.close();
await booted.meter.stop();

const ids = (
  await database.db.execute<{ id: string }>(sql`
    SELECT p.id FROM profiles p JOIN users u ON u.id = p.id
    LEFT JOIN user_settings s ON s.user_id = p.id
    WHERE p.deleted_at IS NULL AND NOT p.is_banned AND NOT coalesce(u.banned, false)
      AND coalesce(s.profile_visible, true)
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id OR b.blocked_id = p.id)
    ORDER BY md5(p.id::text) LIMIT ${fresh ? members * rounds : members}`)
).rows.map((r) => r.id);
// Signed in through the session cache (kept for 15 s, so set again before each request).
const signedIn: { token: string; user: Viewer }[] = [];
for (const [i, id] of ids.entries()) {
  const [user] = await database.db.select().from(users).where(eq(users.id, id));
  signedIn.push({ token: `arrival${i}.${'x'.repeat(43)}=`, user: user as Viewer });
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
const cpuOf = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
const backends = async () =>
  (
    await database.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where application_name = ${APP}`,
    )
  ).rows.map((r) => r.pid);
const pgCpu = async () => (await backends()).reduce((s, p) => s + cpuOf(p), 0);

for (const path of REQUESTS) {
  let node = 0;
  let pg = 0;
  let wall = 0;
  let n = 0;
  for (let r = 0; r < rounds; r++) {
    const pg0 = await pgCpu();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const { token, user } of fresh ? signedIn.slice(r * members, (r + 1) * members) : signedIn) {
      booted.sessions.set(token, user, Date.now() + 3_600_000, booted.sessions.epoch);
      const cookie = `cofound.session_token=${token}`;
      const res = await booted.app.request(path, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    if (r === 0) continue;
    wall += performance.now() - t0;
    const c = process.cpuUsage(c0);
    node += (c.user + c.system) / 1000;
    pg += (await pgCpu()) - pg0;
    n += members;
  }
  const f = (x: number) => (x / n).toFixed(2).padStart(7);
  console.log(`${path.padEnd(36)} node ${f(node)} ms  postgres ${f(pg)} ms  wall ${f(wall)} ms  (${n})`);
}
await booted.close();
