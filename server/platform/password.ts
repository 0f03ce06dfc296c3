import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/*
 * Password hashing with Node's scrypt, which runs on libuv's thread pool: a burst of sign-ins does
 * not block the event loop the way a JavaScript hash would. Stored as scrypt$N$r$p$salt$key.
 */
const PARAMS = { N: 16384, r: 16, p: 1 };
const KEY_LENGTH = 64;

/*
 * The thread pool also serves file reads, compression and DNS. Left alone, a burst of sign-ins
 * would fill every pool thread with hashing and stall those; so at most one hash per core runs at
 * once (more would not finish sooner), two pool threads always stay free, and the rest wait here.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const MAX_CONCURRENT = Math.max(1, Math.min(availableParallelism(), POOL_SIZE - 2));
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return withSlot(() => deriveNow(password, salt, opts));
}

function deriveNow(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...opts, maxmem: 128 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [kind, n, r, p, salt, key] = hash.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: +n, r: +r, p: +p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
