import type { Profile } from '@common/api-types';
import { PROFILE_MSG } from '@common/profiles';
import type { ImagePreset } from '@common/uploads';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Bus } from '../../platform/bus';
import { deleteImageByUrl, saveImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { publishProfileUpdated, toProfile } from './profiles.service';

export type ProfileImageDeps = { db: Db; bus: Bus; storage: Storage; logger: Logger };

/** The two pictures of a profile: the avatar and the cover photo. */
export type ProfileImageKind = 'avatar' | 'cover';

const PRESET: Record<ProfileImageKind, ImagePreset> = { avatar: 'avatar', cover: 'cover' };
const COLUMN = { avatar: 'avatarUrl', cover: 'coverPhotoUrl' } as const;

/** Set (or clear) the picture's address; returns the updated row and the address it replaced. */
async function swapImageUrl(db: Db, viewerId: string, kind: ProfileImageKind, url: string | null) {
  const column = COLUMN[kind];
  return db.transaction(async (tx) => {
    // Locked, so two uploads at once each remove exactly the picture they replaced.
    const [before] = await tx
      .select({ url: profiles[column] })
      .from(profiles)
      .where(and(eq(profiles.id, viewerId), isNull(profiles.deletedAt)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
    const [row] = await tx
      .update(profiles)
      .set({ [column]: url, updatedAt: new Date() })
      .where(eq(profiles.id, viewerId))
      .returning();
    return { row: row!, previous: before.url };
  });
}

/** Old pictures go after the change is committed; a failure only leaves an unused file behind. */
async function removeStoredImage(deps: ProfileImageDeps, url: string | null, ownerId: string) {
  try {
    await deleteImageByUrl(deps.storage, url, ownerId);
  } catch (err) {
    deps.logger.warn({ err, url }, 'could not delete a replaced profile image');
  }
}

/**
 * POST /api/profiles/me/avatar and /cover: store the uploaded picture (checked and re-encoded), make
 * it the profile's, and remove the one it replaces.
 */
export async function setProfileImage(
  deps: ProfileImageDeps,
  viewerId: string,
  kind: ProfileImageKind,
  bytes: Uint8Array,
): Promise<Profile> {
  const saved = await saveImage(deps.storage, bytes, { preset: PRESET[kind], ownerId: viewerId });
  let result;
  try {
    result = await swapImageUrl(deps.db, viewerId, kind, saved.url);
  } catch (err) {
    await removeStoredImage(deps, saved.url, viewerId);
    throw err;
  }
  if (result.previous !== saved.url) await removeStoredImage(deps, result.previous, viewerId);
  publishProfileUpdated(deps.bus, viewerId);
  return toProfile(result.row);
}

/** DELETE /api/profiles/me/avatar and /cover: no picture any more (ours is removed from storage). */
export async function removeProfileImage(
  deps: ProfileImageDeps,
  viewerId: string,
  kind: ProfileImageKind,
): Promise<Profile> {
  const result = await swapImageUrl(deps.db, viewerId, kind, null);
  await removeStoredImage(deps, result.previous, viewerId);
  if (result.previous !== null) publishProfileUpdated(deps.bus, viewerId);
  return toProfile(result.row);
}
