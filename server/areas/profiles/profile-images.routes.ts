import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import { removeProfileImage, setProfileImage, type ProfileImageDeps } from './profile-images.service';

/**
 * The viewer's avatar and cover photo: POST a multipart `file` to set one (answers the updated
 * Profile), DELETE to remove it. Images only, at most 10 MB (docs/product-rules.md: upload limits).
 */
/** A profile picture is used as soon as it is stored: not counted against the unattached quota. */
const SHOWN_AT_ONCE = { unattached: false };

export function profileImageRoutes(deps: ProfileImageDeps) {
  return new Hono<AppEnv>()
    .post('/profiles/me/avatar', async (c) => {
      const viewer = requireViewer(c);
      return c.json(
        await withImageUpload(
          c,
          deps,
          viewer.id,
          (file) => setProfileImage(deps, viewer.id, 'avatar', file),
          SHOWN_AT_ONCE,
        ),
      );
    })
    .delete('/profiles/me/avatar', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await removeProfileImage(deps, viewer.id, 'avatar'));
    })
    .post('/profiles/me/cover', async (c) => {
      const viewer = requireViewer(c);
      return c.json(
        await withImageUpload(
          c,
          deps,
          viewer.id,
          (file) => setProfileImage(deps, viewer.id, 'cover', file),
          SHOWN_AT_ONCE,
        ),
      );
    })
    .delete('/profiles/me/cover', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await removeProfileImage(deps, viewer.id, 'cover'));
    });
}
