import type { ZUpdateSettings } from '@common/profiles/schemas';
import { DEFAULT_SETTINGS, SETTINGS_MSG, type UserSettings } from '@common/profiles/model';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import type { AccountDeleted } from '@common/settings/responses';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/rules';
import {
  accounts,
  passkeys,
  personalAccessTokens,
  profiles,
  sessions,
  twoFactors,
  userSettings,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AppDeps } from '../../lib/context';
import { deleteImageByUrl } from '../../platform/images';
import { deleteFilesOf, forgetUploadsOf } from '../../platform/upload-ledger';
import { verifyPassword } from '../../platform/password';
import { enforce, type RateLimit } from '../../platform/rate-limit';

const columns = {
  emailNotifications: userSettings.emailNotifications,
  pushNotifications: userSettings.pushNotifications,
  profileVisible: userSettings.profileVisible,
  dataCollection: userSettings.dataCollection,
  messageSound: userSettings.messageSound,
};

/** The viewer's switches; a missing row means every default (on). */
export async function getSettings(db: Db, viewerId: string): Promise<UserSettings> {
  const [row] = await db.select(columns).from(userSettings).where(eq(userSettings.userId, viewerId));
  return row ?? { ...DEFAULT_SETTINGS };
}

/**
 * Each switch saves on its own, as soon as it is flipped. The Privacy switch decides who sees the
 * whole profile, so live subscriptions to it are checked again (access.changed, after the write).
 */
export async function updateSettings(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  viewerId: string,
  patch: z.infer<typeof ZUpdateSettings>,
): Promise<UserSettings> {
  const [row] = await deps.db
    .insert(userSettings)
    .values({ userId: viewerId, ...patch })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: sql`now()` } })
    .returning(columns);
  if (patch.profileVisible !== undefined)
    deps.bus.publish({ event: { type: 'access.changed', userIds: [viewerId] } });
  return row!;
}

/**
 * Delete-account password checks per person: each one is a password guess and a scrypt run, so a
 * stolen session cannot turn this form into an unthrottled guessing (or CPU-burning) machine.
 * Counted in the database before the hash runs, so it holds across instances.
 */
export const DELETE_ACCOUNT_CHECKS: RateLimit = { name: 'delete-account-check', max: 5, windowSec: 15 * 60 };

/**
 * Delete account. The person's own data goes: sign-in, sessions, profile details and pictures,
 * connections, blocks, notifications, settings and their contact list. What others need to keep
 * their threads readable stays, anonymised: the messages, under 'A former member' who cannot be
 * found, followed or messaged. The address and username become free again.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'storage' | 'onAccountDeleted'>,
  viewerId: string,
  password: string,
): Promise<AccountDeleted> {
  await enforce(deps.db, DELETE_ACCOUNT_CHECKS, viewerId, MSG_AUTH_SAFETY.deleteAccountLimited);
  const [account] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, viewerId), eq(accounts.providerId, 'credential')));
  if (!account?.hash || !(await verifyPassword({ hash: account.hash, password })))
    throw new AppError('VALIDATION', SETTINGS_MSG.wrongPassword, { password: SETTINGS_MSG.wrongPassword });
  return eraseAccount(deps, viewerId);
}

/**
 * The deletion itself, once the request is allowed (the person's own password above, or a super
 * admin's decision in the admin area, which passes its audit entry as `alsoInTransaction`). A super
 * admin is refused (docs/product-rules.md: configured admins). The caller revokes the cached sessions once it
 * returns.
 */
export async function eraseAccount(
  deps: Pick<AppDeps, 'db' | 'storage' | 'onAccountDeleted'>,
  userId: string,
  alsoInTransaction?: (tx: Tx) => Promise<void>,
): Promise<AccountDeleted> {
  const viewerId = userId;
  const { files, uploads, afterCommit } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: profiles.avatarUrl, cover: profiles.coverPhotoUrl, admin: profiles.isSuperAdmin })
      .from(profiles)
      .where(eq(profiles.id, viewerId))
      .for('update');
    // Super admins cannot be deleted (docs/product-rules.md: configured admins).
    if (before?.admin) throw new AppError('FORBIDDEN', SETTINGS_MSG.adminCannotDelete);
    const placeholder = {
      username: sql`'deleted_' || replace(${viewerId}::text, '-', '')`,
      email: sql`'deleted+' || ${viewerId}::text || '@deleted.invalid'`,
    };
    await tx
      .update(profiles)
      .set({
        ...placeholder,
        fullName: SETTINGS_MSG.deletedMember,
        avatarUrl: null,
        bio: null,
        location: null,
        company: null,
        title: null,
        skills: [],
        coverPhotoUrl: null,
        verified: false,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, viewerId));
    await tx
      .update(users)
      .set({
        ...placeholder,
        displayUsername: null,
        name: SETTINGS_MSG.deletedMember,
        image: null,
        emailVerified: false,
        banned: true,
        banReason: 'deleted',
        twoFactorEnabled: false,
      })
      .where(eq(users.id, viewerId));
    await tx.delete(sessions).where(eq(sessions.userId, viewerId));
    // Every other way in: access tokens, passkeys, the two-step secret and recovery codes.
    await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, viewerId));
    await tx.delete(passkeys).where(eq(passkeys.userId, viewerId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, viewerId));
    await tx.delete(accounts).where(eq(accounts.userId, viewerId));
    await tx.delete(userSettings).where(eq(userSettings.userId, viewerId));
    const uploads = await forgetUploadsOf(tx, viewerId);
    // Every area removes or anonymises what the person had there (its onAccountDeleted).
    const done = await deps.onAccountDeleted(tx, viewerId);
    await alsoInTransaction?.(tx);
    return {
      uploads,
      files: [before?.avatarUrl, before?.cover, ...done.flatMap((d) => d.files ?? [])].filter(
        (u): u is string => !!u,
      ),
      afterCommit: done.flatMap((d) => (d.afterCommit ? [d.afterCommit] : [])),
    };
  });

  for (const run of afterCommit) await run();
  // Pictures go after commit; one that fails to delete is only an orphaned file, never a broken profile.
  for (const url of files) await deleteImageByUrl(deps.storage, url, viewerId).catch(() => false);
  // Then everything else the person ever uploaded, used or not (issue 13).
  await deleteFilesOf(deps.storage, viewerId, uploads).catch(() => {});
  return { deleted: true };
}
