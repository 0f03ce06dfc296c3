import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../env';
import * as schema from './schema';

/**
 * Both drivers produce the same PostgreSQL dialect; the app is typed against node-postgres and the
 * PGlite instance is used through the same interface.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string (the realtime bus opens its own connections). */
  url?: string;
  /** Apply the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the embedded instance (tests dump and load it). */
  pglite?: PGlite;
};

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** Longest a statement may run, in ms (0: no limit); DEFAULT_STATEMENT_TIMEOUT_MS by default. */
      statementTimeoutMs?: number;
    }
  | { dataDir: string }
  | { pglite: PGlite }
  | { memory: true };

/**
 * A statement running longer than this is cancelled by the server (error 57014), so a runaway query
 * (an unlucky plan, a request crafted to be slow) frees its connection instead of holding one of
 * the pool's few for good while requests queue behind it. Every request's SQL ends far sooner.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * An embedded database with the extensions the migrations create (pg_trgm for search). Every
 * PGlite the app or its tests open goes through here.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm } });
  for (const [k, v] of SESSION_SETTINGS) await client.query(`select set_config($1, $2, false)`, [k, v]);
  return client;
}

/**
 * Settings of every database session. Search finds a name with a typo when a word of it shares
 * this much of its trigrams with the text (pg_trgm's default, 0.6, misses most one-letter typos).
 */
const SESSION_SETTINGS: [string, string][] = [['pg_trgm.word_similarity_threshold', '0.4']];

const DEFAULT_POOL_SIZE = 10;
/**
 * How long an idle connection stays open. Each new connection costs PostgreSQL a process, warm
 * catalog caches and a plan for every prepared statement again, so under uneven load (a burst, a
 * lull of more than the client's default 10 s, another burst) connections are kept, not remade.
 */
const POOL_IDLE_MS = 10 * 60_000;

// Any fixed number: every instance takes the same lock while it migrates.
export const MIGRATION_LOCK = 727_001;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const settings: [string, string][] = [
      ...SESSION_SETTINGS,
      ['statement_timeout', String(opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS)],
    ];
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? DEFAULT_POOL_SIZE,
      idleTimeoutMillis: POOL_IDLE_MS,
      options: settings.map(([k, v]) => `-c ${k}=${v}`).join(' '),
    });
    pool.on('connect', prepareRepeatedStatements);
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    // Statements too costly to plan on every run (queryRowsPlannedOnce) take a small pool of their
    // own whose sessions always use a statement's generic plan.
    const planned = new pg.Pool({
      connectionString: opts.url,
      max: PLANNED_ONCE_POOL_SIZE,
      idleTimeoutMillis: 0,
      options: [...settings, ['plan_cache_mode', 'force_generic_plan']]
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(' '),
    });
    planned.on('connect', prepareRepeatedStatements);
    planned.on('error', () => {});
    plannedOncePools.set(pool, planned);
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      async migrate() {
        const client = await pool.connect();
        let failed: Error | undefined;
        try {
          // A migration (an index on a large table), or the wait for another instance's, may take
          // longer than any request: no statement timeout here, restored before the pool reuses it.
          await client.query('SET statement_timeout = 0');
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          try {
            await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          }
          await client.query('RESET statement_timeout');
        } catch (err) {
          failed = err as Error;
          throw err;
        } finally {
          // On a failure the connection may still have no timeout: the pool drops it.
          client.release(failed);
        }
      },
      ping: () => ping(db),
      close: async () => {
        await planned.end();
        await pool.end();
      },
    };
  }

  // No statement timeout here: PGlite runs in this process's thread, with no timer to cancel a
  // statement (it accepts the setting and ignores it), and a slow statement blocks the process anyway.
  let client: PGlite;
  if ('pglite' in opts) client = opts.pglite;
  else if ('dataDir' in opts) {
    mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    client = await createPglite({ dataDir: opts.dataDir });
  } else client = await createPglite();
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // One process owns an embedded database, so no lock is needed.
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

const dialect = new PgDialect();

/**
 * What the pool's query wrapper needs of a statement's text, worked out once per text: its
 * prepared statement's name, its LIMIT parameters and the query configs handed to pg. The text is
 * looked up once per run (one hash of a string drizzle built for this run; a statement built once,
 * see statementOnce and preparedFor, is the same string every time).
 */
type TextInfo = {
  text: string;
  /** The prepared statement's name on every connection of this process (null past the bound). */
  name: string | null;
  limits: LimitShape | null;
  /** The query configs pg is handed for this text, by rowMode and types (configFor). */
  configs: (object | undefined)[];
};
const texts = new Map<string, TextInfo>();
/** Shapes are few; past this many, a new one is still run, just not kept prepared. */
const MAX_STATEMENT_NAMES = 1_000;

function textInfo(text: string): TextInfo {
  const known = texts.get(text);
  if (known) return known;
  // Past the bound: run as it is, with no name (a text asked again is worked out again).
  if (texts.size >= MAX_STATEMENT_NAMES) return { text, name: null, limits: null, configs: [] };
  const info = newInfo(text);
  texts.set(text, info);
  return info;
}

// A number, not a digest of the text: the map is this process's, and so is every connection of its
// pool, so a name never stands for two texts.
const newInfo = (text: string): TextInfo => ({
  text,
  name: `q_${texts.size + 1}`,
  limits: limitShape(text),
  configs: [],
});

/** The most distinct LIMIT values written into one statement's text (see inlineLimits). */
const MAX_INLINED_LIMITS = 8;
const LIMIT_PARAM = /\blimit \$(\d+)(?!\d)/gi;
const PARAM = /\$(\d+)(?!\d)/g;

/**
 * What inlineLimits needs of a statement's text (search's is 17 KB with some thirty LIMITs): the
 * parameters that are a LIMIT and used nowhere else, and for each the values written in so far.
 */
type LimitShape = {
  params: number[];
  seen: Map<number, Set<number>>;
  /** The text rewritten for each set of values written in (at most MAX_INLINED_LIMITS^params). */
  rewritten: Map<string, Rewrite>;
};
/** A text with some LIMITs written in: its own text's info, and which values it no longer takes. */
type Rewrite = { info: TextInfo; drop: Set<number> };

function limitShape(text: string): LimitShape | null {
  if (!/\blimit \$/i.test(text)) return null;
  const uses = new Map<number, number>();
  for (const m of text.matchAll(PARAM)) uses.set(Number(m[1]), (uses.get(Number(m[1])) ?? 0) + 1);
  // Used once only (a parameter shared with another place stays a parameter).
  const params = [...text.matchAll(LIMIT_PARAM)].map((m) => Number(m[1])).filter((k) => uses.get(k) === 1);
  return params.length
    ? { params, seen: new Map(params.map((k) => [k, new Set<number>()])), rewritten: new Map() }
    : null;
}

/** The text of `info` with the LIMIT values of `values` written in, and the values left; or null. */
function inlineWith(info: TextInfo, values: unknown[]): { info: TextInfo; values: unknown[] } | null {
  const shape = info.limits;
  if (!shape) return null;
  let drop: Map<number, number> | null = null;
  for (const k of shape.params) {
    const v = values[k - 1];
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > 1000) continue;
    const seen = shape.seen.get(k)!;
    if (!seen.has(n)) {
      if (seen.size >= MAX_INLINED_LIMITS) continue;
      seen.add(n);
    }
    (drop ??= new Map()).set(k, n);
  }
  if (!drop) return null;
  // The same text with the same LIMIT values is rewritten once (a list's page sizes are few).
  let key = '';
  for (const [k, n] of drop) key += `${k}=${n},`;
  let rewrite = shape.rewritten.get(key);
  if (!rewrite) {
    const renumber = new Map<number, number>();
    let next = 0;
    for (let i = 1; i <= values.length; i++) if (!drop.has(i)) renumber.set(i, ++next);
    const dropped = drop;
    const text = info.text.replace(PARAM, (whole, d: string) => {
      const k = Number(d);
      if (dropped.has(k)) return String(dropped.get(k));
      const to = renumber.get(k);
      return to === undefined ? whole : `$${to}`;
    });
    // Its own name: one kept text each, counted within the same bound.
    rewrite = { info: textInfo(text), drop: new Set(drop.keys()) };
    shape.rewritten.set(key, rewrite);
  }
  const kept: unknown[] = [];
  for (let i = 0; i < values.length; i++) if (!rewrite.drop.has(i + 1)) kept.push(values[i]);
  return { info: rewrite.info, values: kept };
}

/**
 * A statement's `limit $n` with its value written in: PostgreSQL plans a prepared statement whose
 * LIMIT is a parameter for every run (a generic plan must assume a large share of the rows, so it
 * never costs less than a custom one), and planning a list's join costs more than running it. With
 * the number in the text the generic plan is kept after a few runs. Only small whole numbers used
 * once in the statement are written in, at most MAX_INLINED_LIMITS distinct ones per statement (page
 * sizes are few; a client asking every size in turn only gets the parameter back). The remaining
 * parameters are renumbered. Returns null when nothing changes.
 */
export function inlineLimits(text: string, values: unknown[]): { text: string; values: unknown[] } | null {
  const inlined = inlineWith(textInfo(text), values);
  return inlined && { text: inlined.info.text, values: inlined.values };
}

type QueryConfig = {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
  rowMode?: unknown;
  types?: unknown;
  submit?: unknown;
  rows?: unknown;
  binary?: unknown;
  queryMode?: unknown;
  query_timeout?: unknown;
};
type Callback = (err: Error | null, res: unknown) => void;

/**
 * How drizzle's node-postgres driver reads columns: dates, times and intervals (and their arrays)
 * stay the text PostgreSQL sent. Statements run past drizzle (statementOnce) use the same, so they
 * answer exactly what `db.execute` would.
 */
const keepText = (value: string) => value;
const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: string) =>
    DRIZZLE_TEXT_TYPES.has(typeId)
      ? keepText
      : (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(typeId, format),
};
// timestamptz, timestamp, date, interval, and the arrays of timestamptz, timestamp, date, interval.
const DRIZZLE_TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1185, 1115, 1182, 1187, 1231]);

/**
 * The config handed to pg for `info`'s text: made once per text, rowMode and types, and passed as
 * an empty object whose prototype holds them. pg copies every config it is given (property by
 * property, through their descriptors) so that it may add the values and callback to the copy: an
 * empty one costs it nothing to copy. A `types` other than DRIZZLE_TYPES (drizzle makes a new one
 * for every statement it builds) goes as the copy's own property.
 */
function configFor(info: TextInfo, name: string | null, rowMode: unknown, types: unknown): object {
  const slot = (rowMode === 'array' ? 1 : 0) + (types === DRIZZLE_TYPES ? 2 : 0);
  let base = info.configs[slot];
  if (!base) {
    base = {
      text: info.text,
      ...(name ? { name } : {}),
      ...(rowMode === 'array' ? { rowMode } : {}),
      ...(types === DRIZZLE_TYPES ? { types } : {}),
    };
    if (info.name) info.configs[slot] = base;
  }
  const config = Object.create(base) as QueryConfig;
  if (types !== undefined && types !== DRIZZLE_TYPES) config.types = types;
  return config;
}

/** A config of text, values, name, rowMode and types only (not a cursor, no options of pg's own). */
const plainConfig = (config: QueryConfig | string): config is QueryConfig & { text: string } =>
  typeof config === 'object' &&
  config !== null &&
  typeof config.text === 'string' &&
  (config.name === undefined || typeof config.name === 'string') &&
  config.submit === undefined &&
  config.rows === undefined &&
  config.binary === undefined &&
  config.queryMode === undefined &&
  config.query_timeout === undefined;

/**
 * Every statement with parameters runs as a named prepared statement on each connection of the
 * pool (the name comes from its text): PostgreSQL parses it once per connection and, after a few
 * runs, reuses a generic plan when that costs no more, instead of parsing and planning it on
 * every request (most of a short statement's cost); the driver then sends only its parameters.
 * Statements without parameters (transaction control, migrations) run as they are. At most
 * MAX_STATEMENT_NAMES texts are kept, so a connection holds a bounded number of them.
 */
function prepareRepeatedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | string;
    if (!plainConfig(config)) return query(...args);
    const given = Array.isArray(args[1]) ? (args[1] as unknown[]) : config.values;
    if (!given?.length) return query(...args);
    let info = textInfo(config.text);
    let values = given;
    const inlined = inlineWith(info, given);
    if (inlined) ({ info, values } = inlined);
    // A name the caller gave stands for its own text; ours for the text actually sent.
    const name = info.name ?? (inlined ? null : ((config.name as string | undefined) ?? null));
    const callback = (typeof args[1] === 'function' ? args[1] : args[2]) as Callback | undefined;
    const sent = configFor(info, name, config.rowMode, config.types);
    return callback ? query(sent, values, callback) : query(sent, values);
  };
}

/**
 * Connections of the small pool queryRowsPlannedOnce uses, per process. Its statements are few and
 * short (search: a few ms each), so two connections serve hundreds a second; when both are busy
 * the next waits its turn, and the main pool's requests never wait behind a search.
 */
const PLANNED_ONCE_POOL_SIZE = 2;
const plannedOncePools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * Rows of a statement that costs more to plan than to run however often it runs: search's counts
 * statement unions some twenty tiers (each with its visibility rules) and took 46 ms to plan
 * against 5 ms to run. PostgreSQL plans a prepared statement afresh on every run while its
 * parameters (the typed text's patterns) make a custom plan look cheaper than the generic one, so
 * the caching of queryRows never helped it. On PostgreSQL these run on a pool of their own whose
 * sessions are set to `plan_cache_mode = force_generic_plan`: each connection plans each shape once
 * (0.5 ms to bind after that), and its generic plan walks the same trigram and btree indexes (the
 * patterns are index keys at run time). PGlite runs it as is.
 */
export async function queryRowsPlannedOnce<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(query)).rows as T[];
  const { sql: text, params: values } = dialect.sqlToQuery(query);
  return queryStatement<T>(db, { text, values }, { plannedOnce: true });
}

/**
 * Rows of a hot read (the feed, a list page). On PostgreSQL it runs as a named prepared statement, so
 * each connection plans it once instead of on every request (planning the feed's query costs
 * more than running it); the name comes from the text, so each shape of the query gets its own.
 * PGlite runs it as is.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(query)).rows as T[];
  const q = dialect.sqlToQuery(query);
  return queryStatement<T>(db, { text: q.sql, values: q.params });
}

/** A statement already written: its text, with $1, $2… standing for its values. */
export type Statement = { text: string; values: unknown[] };

/** How PGlite hands back the columns drizzle leaves as text (its own execute does the same). */
const PGLITE_ROWS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    // timestamp, timestamptz, interval, date, and their arrays; numeric[].
    [1114, 1184, 1186, 1082, 1115, 1185, 1187, 1182, 1231].map((oid) => [oid, (value: string) => value]),
  ),
};

/**
 * Rows of a statement written once and bound per request (search's, whose drizzle building cost
 * more than its rows): as queryRows runs it, or with `plannedOnce` as queryRowsPlannedOnce does.
 */
export async function queryStatement<T>(
  db: Db,
  statement: Statement,
  opts: { plannedOnce?: boolean } = {},
): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  const { text: raw, values: params } = statement;
  if (!(client instanceof pg.Pool)) {
    const res = await (client as PGlite).query<T>(raw, params, PGLITE_ROWS);
    return res.rows;
  }
  const pool = (opts.plannedOnce && plannedOncePools.get(client)) || client;
  // Named, and its LIMITs written in, by the pool's query wrapper (prepareRepeatedStatements).
  const res = await pool.query({ text: raw, values: params });
  return res.rows as T[];
}

/** Where a value of a statement built once comes from: a named value (encoded as drizzle would), or a constant. */
type Slot = { key: string; encode?: (value: unknown) => unknown } | { constant: unknown };

/**
 * A statement written once and bound per call, answering the rows `db.execute(build(values))`
 * would. drizzle builds a statement's text from its pieces on every run (is(), the chunks, the
 * parameters), a tenth of the server's own work under the community's load, most of it for the
 * same few statements on every request. Here `build` is called once, with stand-ins (drizzle's
 * placeholders) for its values; later calls only put their values in the stand-ins' places and run
 * the same text, which the pool's wrapper finds at once.
 *
 * Only for a statement whose text does not depend on its values: each value is one parameter (no
 * array, which drizzle writes as a list; no branch or arithmetic on a value: a value read by
 * `build` that ends as no parameter throws on first use). A transaction, or a database of neither
 * driver, gets the statement built with its values, as before.
 */
export function statementOnce<V extends Record<string, unknown>, T>(build: (values: V) => SQL) {
  let made: { config: { text: string; types: typeof DRIZZLE_TYPES }; slots: Slot[] } | undefined;
  return async (db: Pick<Db, 'execute'>, values: V): Promise<T[]> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    const pool = client instanceof pg.Pool;
    if (!pool && !(client instanceof PGlite)) return (await db.execute(build(values))).rows as T[];
    made ??= writeOnce(build);
    const params = made.slots.map((s) => {
      if ('constant' in s) return s.constant;
      const v = values[s.key];
      return s.encode && v !== null ? s.encode(v) : v;
    });
    if (pool) return (await client.query(made.config, params)).rows as T[];
    return (await (client as PGlite).query<T>(made.config.text, params, PGLITE_ROWS)).rows;
  };
}

function writeOnce<V>(build: (values: V) => SQL) {
  const read = new Set<string>();
  const standIns = new Proxy({} as Record<string, unknown>, {
    get: (_, key) => {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return sql.placeholder(key);
    },
    // A rest or spread of the values would find none of them: say so rather than bind nothing.
    ownKeys: () => {
      throw new Error('statementOnce: name each value (no rest or spread of the values)');
    },
  });
  const { sql: text, params } = dialect.sqlToQuery(build(standIns as V));
  const slots: Slot[] = params.map((p) => {
    if (is(p, Placeholder)) return { key: p.name };
    if (is(p, Param) && is(p.value, Placeholder)) {
      const encoder = p.encoder;
      return { key: p.value.name, encode: (v) => encoder.mapToDriverValue(v) };
    }
    return { constant: p };
  });
  for (const key of read)
    if (!slots.some((s) => 'key' in s && s.key === key))
      throw new Error(`statementOnce: the value "${key}" is not a parameter of the statement`);
  return { config: { text, types: DRIZZLE_TYPES }, slots };
}

/**
 * A drizzle query prepared once per database (`.prepare()`, its values `sql.placeholder`s): later
 * runs bind their values only, with no building. `prepare` is called again for a transaction (a
 * query prepared on the database would run outside it).
 */
export function preparedFor<D extends object, Q>(prepare: (db: D) => Q): (db: D) => Q {
  const byDb = new WeakMap<D, Q>();
  return (db) => {
    let q = byDb.get(db);
    if (q === undefined) {
      q = prepare(db);
      byDb.set(db, q);
    }
    return q;
  };
}
