import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { AppError } from '../lib/errors';
import { createWorkQueue } from './work-queue';

/*
 * Password hashing with Node's scrypt, which runs on libuv's thread pool: a burst of sign-ins does
 * not block the event loop the way a JavaScript hash would. Stored as scrypt$N$r$p$salt$key, so a
 * hash made with older parameters is recognised and replaced at the next sign-in (needsRehash).
 */

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8, p=1. */
export const OWASP_SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
type Params = { N: number; r: number; p: number };
let PARAMS: Params = OWASP_SCRYPT;
const KEY_LENGTH = 64;
/** Stored hashes are read with their own parameters; one needing more memory than this is refused. */
const MAX_MEMORY = 512 * 1024 * 1024;

/** What tests hash with: cheap enough for suites that make hundreds of accounts. */
const TEST_COST: Params = { N: 2 ** 14, r: 8, p: 1 };

/*
 * End-to-end tests run the production build, so NODE_ENV cannot tell them apart; their server asks
 * for the cheap cost by name (playwright.config.ts). The name says what it is: never set it elsewhere.
 */
const CHEAP_HASHING_VAR = 'CHEAP_PASSWORD_HASHING_FOR_TESTS';
if (process.env[CHEAP_HASHING_VAR] === '1') PARAMS = TEST_COST;

/** Whether new hashes are cheaper than OWASP's figure (a test setting): boot warns loudly. */
export const weakHashing = () => PARAMS.N < OWASP_SCRYPT.N;

/**
 * Tests only: a cheaper cost, so suites that make hundreds of accounts stay fast (server/test/
 * setup-file.ts). Refused outside NODE_ENV=test; `null` puts OWASP's cost back.
 */
export function useTestHashCost(params: Params | null = TEST_COST) {
  if (process.env.NODE_ENV !== 'test') throw new Error('useTestHashCost is for tests only');
  PARAMS = params ?? OWASP_SCRYPT;
}

/*
 * The thread pool also serves file reads, compression and DNS. Left alone, a burst of sign-ins
 * would fill every pool thread with hashing and stall those; so at most one hash per core runs at
 * once (more would not finish sooner), two pool threads always stay free, and a few wait here.
 * Beyond those few the answer is 429 at once: a queue without end only turns a flood of password
 * guesses into memory and minutes-long waits for everyone (each hash holds 128 MiB while it runs).
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), POOL_SIZE - 2));
export const HASH_MAX_WAITING = Math.max(8, 4 * HASH_CONCURRENCY);
let derived = 0;

/** The queue refuses: too many hashes already running or waiting. */
export class HashQueueFull extends AppError {
  constructor() {
    super('RATE_LIMITED', MSG_AUTH_SAFETY.serverBusy, undefined, { retryAfter: 2 });
  }
}

const hashQueue = createWorkQueue({
  active: HASH_CONCURRENCY,
  waiting: HASH_MAX_WAITING,
  busy: () => new HashQueueFull(),
});

/** For tests and health: what the queue holds, and how many hashes were computed so far. */
export const hashQueueStats = () => ({
  running: hashQueue.load.active,
  waiting: hashQueue.load.waiting,
  derived,
});

function derive(password: string, salt: Buffer, opts: Params): Promise<Buffer> {
  return hashQueue.run(() => deriveNow(password, salt, opts));
}

function deriveNow(password: string, salt: Buffer, opts: Params): Promise<Buffer> {
  derived++;
  // scrypt needs 128 * N * r bytes; the default cap (32 MiB) is below OWASP's cost.
  const options: ScryptOptions = { ...opts, maxmem: 128 * opts.N * opts.r + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = PARAMS;
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(hash: string) {
  const [kind, n, r, p, salt, key] = hash.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    128 * params.N * params.r <= MAX_MEMORY &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  return sane ? { params, salt, key } : null;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'base64');
  const actual = await derive(password, Buffer.from(parsed.salt, 'base64'), parsed.params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * True when a stored hash is cheaper to guess than new hashes are (older parameters): it is made
 * again at the next sign-in, when the password is at hand. A costlier one is left alone.
 */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N < PARAMS.N || N * r * p < PARAMS.N * PARAMS.r * PARAMS.p;
}
