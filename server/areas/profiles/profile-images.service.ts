import type { Profile } from '@common/core/api-types';
import type { ImagePreset } from '@common/core/uploads';
import { deleteImageByUrl, saveImage } from '../../platform/images';
import { writeOwnProfile, type OwnProfileDeps } from './profiles.service';

export type ProfileImageDeps = OwnProfileDeps;

/** The two pictures of a profile: the avatar and the cover photo. */
export type ProfileImageKind = 'avatar' | 'cover';

const PRESET: Record<ProfileImageKind, ImagePreset> = { avatar: 'avatar', cover: 'cover' };
const COLUMN = { avatar: 'avatarUrl', cover: 'coverPhotoUrl' } as const;

/**
 * POST /api/profiles/me/avatar and /cover: store the uploaded picture (checked and re-encoded), make
 * it the profile's; the one it replaces is removed (writeOwnProfile).
 */
export async function setProfileImage(
  deps: ProfileImageDeps,
  viewerId: string,
  kind: ProfileImageKind,
  bytes: Uint8Array,
): Promise<Profile> {
  const saved = await saveImage(deps.storage, bytes, { preset: PRESET[kind], ownerId: viewerId });
  try {
    return await writeOwnProfile(deps, viewerId, { [COLUMN[kind]]: saved.url });
  } catch (err) {
    await deleteImageByUrl(deps.storage, saved.url, viewerId).catch(() => false);
    throw err;
  }
}

/** DELETE /api/profiles/me/avatar and /cover: no picture any more (ours is removed from storage). */
export function removeProfileImage(
  deps: ProfileImageDeps,
  viewerId: string,
  kind: ProfileImageKind,
): Promise<Profile> {
  return writeOwnProfile(deps, viewerId, { [COLUMN[kind]]: null });
}
