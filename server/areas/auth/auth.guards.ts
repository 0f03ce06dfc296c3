import { MSG_AUTH_SAFETY } from '@common/core/texts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Auth } from '../../platform/auth';
import { consume, peek, type RateLimit } from '../../platform/rate-limit';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

/*
 * What the auth routes check around better-auth's handler (issue 13): the most common passwords,
 * failed sign-ins per account, and whose sessions a call ends.
 */

let common: Set<string> | undefined;

/** True for a password on the shipped list of the most common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
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
 * Failed sign-ins per account, beside better-auth's per-address limit (10 a minute per address):
 * guesses spread over many addresses still meet this one. Kept in the database (usage_counters),
 * so it holds across instances and restarts.
 *
 * Only failures count, in a fixed 15-minute window: someone who knows their password is never
 * slowed by their own sign-ins, and a victim whose account is being guessed is locked out for at
 * most the rest of the window after the guessing stops. That lockout is the price: a stranger can
 * keep an account locked by failing 10 times every 15 minutes. Against it: 10 guesses per 15
 * minutes (under 1,000 a day) per account, whatever the number of addresses, and the most common
 * passwords are refused at sign-up. The check runs before the password is hashed, so a locked
 * account costs no scrypt; attempts already in flight when the 10th failure lands can still
 * finish (at most what the hash queue holds).
 */
export const SIGN_IN_FAILURES: RateLimit = { name: 'sign-in-failures', max: 10, windowSec: 15 * 60 };

const accountKey = (email: string) => email.trim().toLowerCase();

export async function refuseThrottledAccount(db: Db, email: string) {
  const retryAfter = await peek(db, SIGN_IN_FAILURES, accountKey(email));
  if (retryAfter !== null)
    throw new AppError('RATE_LIMITED', MSG_AUTH_SAFETY.accountThrottled, undefined, { retryAfter });
}

export async function countFailedSignIn(db: Db, email: string) {
  await consume(db, SIGN_IN_FAILURES, accountKey(email));
}

/** The account of the session a request carries, or null (none, expired, forged). */
export async function sessionUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null);
  return session?.user.id ?? null;
}
