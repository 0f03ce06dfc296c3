import type { Profile } from '@common/core/api-types';
import type { ImagePreset } from '@common/core/uploads';
import { deleteImageByUrl, saveImage, type ImageInput } from '../../platform/images';
import { recordUpload } from '../../platform/upload-ledger';
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
  file: ImageInput,
): Promise<Profile> {
  const saved = await saveImage(deps.storage, file, { preset: PRESET[kind], ownerId: viewerId });
  let profile: Profile;
  try {
    profile = await writeOwnProfile(deps, viewerId, { [COLUMN[kind]]: saved.url });
  } catch (err) {
    await deleteImageByUrl(deps.storage, saved.url, viewerId).catch(() => false);
    throw err;
  }
  // Shown at once, so never swept; a failure here loses nothing (the account's folders go with it).
  await recordUpload(deps.db, deps.storage, viewerId, saved.url, {
    attached: true,
    bytes: saved.bytes,
  }).catch((err: unknown) =>
    deps.logger.warn({ err }, 'could not record a profile picture in the uploads ledger'),
  );
  return profile;
}

/** DELETE /api/profiles/me/avatar and /cover: no picture any more (ours is removed from storage). */
export function removeProfileImage(
  deps: ProfileImageDeps,
  viewerId: string,
  kind: ProfileImageKind,
): Promise<Profile> {
  return writeOwnProfile(deps, viewerId, { [COLUMN[kind]]: null });
}
