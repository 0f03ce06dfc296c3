import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { areas } from './areas';
import { boot } from './boot';
import { readEnv } from './env';
import { createDemoContext, DEMO_SEED, runDemo } from './platform/demo';
import { serveApp } from './serve';
import { isSuperAdmin } from './db/rules';

/*
 * `npm run demo`: the app on its own embedded database in ./data-demo (never ./data, never
 * DATABASE_URL, never S3 or SMTP), filled with a demo community the first time (every area's
 * demo part, server/areas/index.ts), then served like server/index.ts serves it.
 *   --fresh       wipe the demo folder and make the community again
 *   --seed=<n>    another community (the same seed always makes the same one)
 *   --dir=<path>  another folder than ./data-demo
 */

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const fresh = args.includes('--fresh');
const seed = option('seed') === undefined ? DEMO_SEED : Number(option('seed'));
if (!Number.isSafeInteger(seed)) fail(`--seed must be a whole number, not ${option('seed')}`);

const realDataDir = readEnv().dataDir;
const dir = path.resolve(option('dir') ?? 'data-demo');
if (dir === realDataDir || realDataDir.startsWith(dir + path.sep))
  fail(`The demo keeps its own folder; ${dir} holds the app's data (DATA_DIR). Choose another with --dir=.`);
if (fresh) {
  // Only a folder the demo made is wiped: it holds demo.json (or nothing yet).
  const entries = existsSync(dir) ? await readdir(dir) : [];
  if (entries.length && !entries.includes('demo.json'))
    fail(
      `${dir} does not look like a demo folder (no demo.json); remove it yourself or choose another --dir=.`,
    );
  await rm(dir, { recursive: true, force: true });
}

const env = readEnv({
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: '',
  STORAGE_DRIVER: 'local',
  SMTP_URL: '',
});
const booted = await boot(env);
const { database, logger, storage, bus, close } = booted;
if (process.env.DATABASE_URL)
  logger.info('DATABASE_URL is ignored: the demo keeps its own embedded database');

type DemoRecord = {
  seed: number;
  madeAt: string;
  password: string;
  accounts: { name: string; headline: string; email: string }[];
  counts: Record<string, number>;
};
const recordFile = path.join(dir, 'demo.json');

const { rows } = await database.db.execute<{ seeded: boolean }>(
  sql`select exists (select 1 from profiles) as seeded`,
);
if (!rows[0]?.seeded) {
  const started = performance.now();
  logger.info({ seed, dir }, 'making the demo community…');
  try {
    const ctx = createDemoContext({ db: database.db, storage, logger, bus, seed });
    const counts = await runDemo(ctx, areas);
    const record: DemoRecord = {
      seed,
      madeAt: ctx.now.toISOString(),
      password: ctx.password,
      accounts: await Promise.all(
        ctx.featured.map(async (p) => ({
          name: p.fullName,
          // The super admin (the admin area's demo part) is told apart: /admin is theirs.
          headline: `${p.title} at ${p.company}${(await isSuperAdmin(database.db, p.id)) ? ' (super admin: /admin)' : ''}`,
          email: p.email,
        })),
      ),
      counts,
    };
    await writeFile(recordFile, JSON.stringify(record, null, 2));
    logger.info(
      { ...counts, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) },
      'demo community made',
    );
  } catch (err) {
    // Half a community would be kept and served next time: start from nothing instead.
    logger.fatal({ err }, 'making the demo community failed; its folder is removed');
    await close();
    await rm(dir, { recursive: true, force: true });
    process.exit(1);
  }
}
const record = existsSync(recordFile) ? (JSON.parse(await readFile(recordFile, 'utf8')) as DemoRecord) : null;

serveApp(booted, env, () => {
  const lines = [
    '',
    `  Cofound demo community: ${env.baseUrl}`,
    '',
    ...(record
      ? [
          '  Sign in as',
          ...record.accounts.map((a) => `    ${a.email.padEnd(28)} ${a.name}, ${a.headline}`),
          `  password: ${record.password} (every demo member has it)`,
        ]
      : ['  (this demo folder has no demo.json: run npm run demo -- --fresh to make it again)']),
    '',
    `  Data in ${path.relative(process.cwd(), dir) || dir}; npm run demo -- --fresh starts over.`,
    '',
  ];
  console.log(lines.join('\n'));
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
