import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { readImageUpload } from '../../platform/uploads';
import { removeProfileImage, setProfileImage, type ProfileImageDeps } from './profile-images.service';

/**
 * The viewer's avatar and cover photo: POST a multipart `file` to set one (answers the updated
 * Profile), DELETE to remove it. Images only, at most 10 MB (DECISIONS 7).
 */
export function profileImageRoutes(deps: ProfileImageDeps) {
  return new Hono<AppEnv>()
    .post('/profiles/me/avatar', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await setProfileImage(deps, viewer.id, 'avatar', await readImageUpload(c)));
    })
    .delete('/profiles/me/avatar', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await removeProfileImage(deps, viewer.id, 'avatar'));
    })
    .post('/profiles/me/cover', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await setProfileImage(deps, viewer.id, 'cover', await readImageUpload(c)));
    })
    .delete('/profiles/me/cover', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await removeProfileImage(deps, viewer.id, 'cover'));
    });
}
