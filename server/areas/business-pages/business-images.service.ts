import { BUSINESS_MSG, type BusinessImage } from '@common/business-pages/model';
import type { ImagePreset } from '@common/core/uploads';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { deleteImageByUrl, ownUploadedImage, saveImage, type ImageInput } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { recordUpload } from '../../platform/upload-ledger';
import type { BusinessDeps } from './business-rows';

/*
 * Pictures of business pages and their posts (images, 10 MB: docs/product-rules.md: upload limits; checked by
 * content and re-encoded): the profile image (avatar preset), the cover (cover preset) and a post's image
 * (content preset). A page only ever shows its owner's own uploads, so deleting the page may delete
 * them; the upload is recorded in the ledger unattached, and attached by the write that shows it.
 */

/**
 * The image as stored: null, or the main copy of an image of `preset` this viewer uploaded (any
 * copy's address is accepted). Anything else, someone else's upload included, is refused.
 */
export function ownImage(
  storage: Storage,
  viewerId: string,
  url: string | null,
  preset: ImagePreset,
  field: string,
) {
  const message = BUSINESS_MSG.imageNotUploaded;
  return ownUploadedImage(
    storage,
    viewerId,
    url,
    preset,
    () => new AppError('VALIDATION', message, { [field]: message }),
  );
}

/** POST /api/business-pages/images/{preset}: stored as the viewer's, unattached until used. */
export async function uploadBusinessImage(
  deps: BusinessDeps,
  viewer: Viewer,
  preset: ImagePreset,
  file: ImageInput,
): Promise<BusinessImage> {
  const saved = await saveImage(deps.storage, file, { preset, ownerId: viewer.id });
  await recordUpload(deps.db, deps.storage, viewer.id, saved.url, {
    attached: false,
    bytes: saved.bytes,
  }).catch(async (err) => {
    await deleteImageByUrl(deps.storage, saved.url, viewer.id).catch(() => false);
    throw err;
  });
  return { url: saved.url };
}

/** Deletes images no page or post of the owner shows any more (after commit; failures only logged). */
export async function dropImages(deps: BusinessDeps, ownerId: string, urls: (string | null)[]) {
  for (const url of new Set(urls.filter((u): u is string => !!u))) {
    try {
      const [used] = await deps.db
        .execute(
          sql`select 1 from business_pages where owner_id = ${ownerId} and (cover_image = ${url} or profile_image = ${url})
            union all select 1 from business_posts where author_id = ${ownerId} and image_url = ${url} limit 1`,
        )
        .then((r) => r.rows);
      if (!used) await deleteImageByUrl(deps.storage, url, ownerId);
    } catch (err) {
      deps.logger.warn({ err, url }, 'could not delete a business page image');
    }
  }
}
