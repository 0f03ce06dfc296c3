import { SECURITY_MSG } from '@common/auth/security';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Auth } from '../../platform/auth';
import { consume, peek, type RateLimit } from '../../platform/rate-limit';

/*
 * What the auth routes check around better-auth's handler (issue 13): the most common passwords,
 * failed sign-ins per account, and whose sessions a call ends.
 */

/**
 * How many of the most common passwords are refused: the head of the frequency-ranked list that
 * zxcvbn-ts ships (@zxcvbn-ts/language-common, 'passwords-common', MIT), read from the package
 * rather than copied into the source, so it follows the package's updates. Those shorter than the
 * minimum of 6 are left out (the length rule answers them with its own message). No strength
 * estimate on top: a password is refused for being on the list, nothing else.
 */
const MOST_COMMON = 10_000;

let common: Set<string> | undefined;

/** True for a password on the package's list of the most common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common']
      .slice(0, MOST_COMMON)
      .map((entry) => entry.toLowerCase())
      .filter((entry) => entry.length >= 6),
  );
  return common.has(password.normalize('NFKC').trim().toLowerCase());
}

/** Refuses a common password as a VALIDATION error on `field`, before anything is hashed. */
export function refuseCommonPassword(password: unknown, field: 'password' | 'newPassword') {
  if (typeof password === 'string' && isCommonPassword(password))
    throw new AppError('VALIDATION', MSG_AUTH_SAFETY.commonPassword, {
      [field]: MSG_AUTH_SAFETY.commonPassword,
    });
}

/*
 * Failed sign-ins, beside better-auth's per-address limit (10 a minute per address). Kept in the
 * database, so they hold across instances and restarts, and checked before the password is hashed,
 * so a refused attempt costs no scrypt. Only failures count: someone who knows their password is
 * never slowed by their own sign-ins.
 *
 * Per account, in two separate counts, so a stranger failing on purpose cannot keep the owner out:
 * - from addresses that never signed in to the account: 10 failures per 15 minutes (sliding),
 *   whatever the number of addresses, so guesses spread over a botnet still meet it (under 1,000 a
 *   day), and the most common passwords are refused at sign-up;
 * - from an address the account has signed in from before (a session of the account names it):
 *   its own 10 per 15 minutes for that account and address. The owner at home or at work still
 *   signs in while strangers are refused; only an owner on a new network waits with them.
 * Per address, whatever the account: after 5 failures within 15 minutes each further attempt
 * waits twice as long as the one before (1 s, 2 s, 4 s ... up to 15 minutes) after the last
 * failure, so one address cannot guess fast across many accounts; 15 quiet minutes start afresh.
 */
export const SIGN_IN_FAILURES: RateLimit = { name: 'sign-in-failures', max: 10, windowSec: 15 * 60 };
export const SIGN_IN_FAILURES_KNOWN: RateLimit = {
  name: 'sign-in-failures-known',
  max: 10,
  windowSec: 15 * 60,
};
/** Failures an address may make before it waits, the longest wait, and the quiet that resets it. */
export const ADDRESS_BACKOFF = { free: 5, maxWaitSec: 15 * 60, resetSec: 15 * 60 };

const accountKey = (email: string) => email.trim().toLowerCase();

/** Has this account signed in from this address before? */
async function isKnownAddress(db: Db, email: string, ip: string) {
  const { rows } = await db.execute(sql`
    select 1 from sessions s join users u on u.id = s.user_id
    where u.email = ${accountKey(email)} and s.ip_address = ${ip} limit 1`);
  return rows.length > 0;
}

/** Seconds the address must still wait before another attempt, or null. */
async function addressWait(db: Db, ip: string): Promise<number | null> {
  const { rows } = await db.execute<{ left: number }>(sql`
    select ceil(extract(epoch from b.last_at) + least(${ADDRESS_BACKOFF.maxWaitSec},
             power(2, b.failures - ${ADDRESS_BACKOFF.free})) - extract(epoch from now()))::int as left
    from sign_in_backoff b
    where b.key = ${`ip:${ip}`} and b.failures >= ${ADDRESS_BACKOFF.free}
      and b.last_at > now() - make_interval(secs => ${ADDRESS_BACKOFF.resetSec})`);
  const left = rows[0] ? Number(rows[0].left) : 0;
  return left > 0 ? left : null;
}

export type SignInAttempt = { email: string; ip: string; known: boolean };

/** Refuses with 429 an attempt the address's backoff or the account's count holds back. */
export async function refuseThrottledSignIn(db: Db, email: string, ip: string): Promise<SignInAttempt> {
  const wait = await addressWait(db, ip);
  if (wait !== null)
    throw new AppError('RATE_LIMITED', MSG_AUTH_SAFETY.addressThrottled, undefined, { retryAfter: wait });
  const known = await isKnownAddress(db, email, ip);
  const retryAfter = known
    ? await peek(db, SIGN_IN_FAILURES_KNOWN, `${accountKey(email)}|${ip}`)
    : await peek(db, SIGN_IN_FAILURES, accountKey(email));
  if (retryAfter !== null)
    throw new AppError('RATE_LIMITED', MSG_AUTH_SAFETY.accountThrottled, undefined, { retryAfter });
  return { email, ip, known };
}

export async function countFailedSignIn(db: Db, attempt: SignInAttempt) {
  const { email, ip, known } = attempt;
  if (known) await consume(db, SIGN_IN_FAILURES_KNOWN, `${accountKey(email)}|${ip}`);
  else await consume(db, SIGN_IN_FAILURES, accountKey(email));
  await db.execute(sql`
    insert into sign_in_backoff as b (key, failures, last_at) values (${`ip:${ip}`}, 1, now())
    on conflict (key) do update set last_at = now(), failures = case
      when b.last_at < now() - make_interval(secs => ${ADDRESS_BACKOFF.resetSec}) then 1 else b.failures + 1 end`);
}

/** The account of the session a request carries, or null (none, expired, forged). */
export async function sessionUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null);
  return session?.user.id ?? null;
}

/*
 * Wrong two-step codes (TOTP or recovery), counted like wrong passwords: per account, 10 per 15
 * minutes (better-auth also locks the account's second step after 10 failures and ends a sign-in
 * after 5 wrong codes), and in the per-address backoff that wrong passwords feed, so one address
 * cannot guess codes across many accounts either.
 */
export const TWO_FACTOR_FAILURES: RateLimit = { name: 'two-factor-failures', max: 10, windowSec: 15 * 60 };

/** Refuses with 429 a code the address's backoff or the account's count of wrong codes holds back. */
export async function refuseThrottledCode(db: Db, userId: string, ip: string) {
  const wait = await addressWait(db, ip);
  if (wait !== null)
    throw new AppError('RATE_LIMITED', MSG_AUTH_SAFETY.addressThrottled, undefined, { retryAfter: wait });
  const retryAfter = await peek(db, TWO_FACTOR_FAILURES, userId);
  if (retryAfter !== null)
    throw new AppError('RATE_LIMITED', SECURITY_MSG.codesThrottled, undefined, { retryAfter });
}

export async function countWrongCode(db: Db, userId: string, ip: string) {
  await consume(db, TWO_FACTOR_FAILURES, userId);
  await db.execute(sql`
    insert into sign_in_backoff as b (key, failures, last_at) values (${`ip:${ip}`}, 1, now())
    on conflict (key) do update set last_at = now(), failures = case
      when b.last_at < now() - make_interval(secs => ${ADDRESS_BACKOFF.resetSec}) then 1 else b.failures + 1 end`);
}

/**
 * Whose second step a sign-in in progress is: better-auth keeps the account in a verification row
 * named by the signed two_factor cookie. Null when there is none (the code is then refused anyway).
 */
export async function pendingTwoFactorUser(db: Db, cookieHeader: string | undefined): Promise<string | null> {
  const match = /(?:^|;\s*)(?:__Secure-)?cofound\.two_factor=([^;]+)/.exec(cookieHeader ?? '');
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  const identifier = dot > 0 ? value.slice(0, dot) : value;
  if (!identifier.startsWith('2fa-')) return null;
  const { rows } = await db.execute<{ value: string }>(sql`
    select value from verifications where identifier = ${identifier} and expires_at > now() limit 1`);
  return rows[0]?.value ?? null;
}
