import type { CorrectEmail } from '@common/auth/schemas';
import { MSG, MSG_CHECK_INBOX } from '@common/core/texts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../platform/password';
import { enforce, type RateLimit } from '../../platform/rate-limit';

/** Confirmation links mailed to one address: 3 per 10 minutes (besides better-auth's per client address). */
export const RESEND_CONFIRMATION: RateLimit = { name: 'resend-confirmation', max: 3, windowSec: 10 * 60 };
/** Address corrections of one account: 5 per hour (each costs a password hash and a mail). */
const CORRECT_EMAIL: RateLimit = { name: 'correct-email', max: 5, windowSec: 60 * 60 };

/**
 * Moves an unconfirmed account from `email` to `newEmail` when `password` is its password. A wrong
 * password, an unknown address and a confirmed account all answer alike, so nothing is learnt
 * about other people's accounts without their password. Returns the new address.
 */
export async function correctUnconfirmedEmail(db: Db, input: CorrectEmail): Promise<string> {
  const email = input.email.toLowerCase();
  const newEmail = input.newEmail.toLowerCase();
  await enforce(db, CORRECT_EMAIL, email);
  if (newEmail === email)
    throw new AppError('VALIDATION', MSG_CHECK_INBOX.sameAddress, { newEmail: MSG_CHECK_INBOX.sameAddress });
  const [row] = await db
    .select({ id: users.id, verified: users.emailVerified, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  const isOwner = row?.hash ? await verifyPassword({ hash: row.hash, password: input.password }) : false;
  if (!row || !isOwner) throw new AppError('UNAUTHENTICATED', MSG.invalidCredentials);
  if (row.verified) throw new AppError('FORBIDDEN', MSG_CHECK_INBOX.cannotChange);
  await enforce(db, RESEND_CONFIRMATION, newEmail, MSG_CHECK_INBOX.resendLimited);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw new AppError('CONFLICT', MSG.emailTaken, { newEmail: MSG.emailTaken });
  await db.transaction(async (tx) => {
    // Still unconfirmed inside the transaction: a confirmation landing meanwhile wins.
    const moved = await tx
      .update(users)
      .set({ email: newEmail, updatedAt: new Date() })
      .where(and(eq(users.id, row.id), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (!moved.length) throw new AppError('FORBIDDEN', MSG_CHECK_INBOX.cannotChange);
    await tx.update(profiles).set({ email: newEmail }).where(eq(profiles.id, row.id));
  });
  return newEmail;
}
