import { ARTICLE_MSG, articleImageProblem, type ArticleImage } from '@common/articles/model';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { deleteImageByUrl, ownUploadedImage, saveImage, type ImageInput } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { recordUpload } from '../../platform/upload-ledger';
import type { ArticleDeps } from './article-rows';

/*
 * Articles' featured images: the upload, checked against the pixel rules,
 * re-encoded and stored as the viewer's; the check that an article only ever shows its own
 * author's upload (deleting the article deletes the file); and the removal, after commit, of an
 * image no longer shown by any of the author's articles.
 */

/**
 * The featured image as stored: null, or the main copy of a content image this viewer uploaded
 * (any copy's address is accepted). Anything else, including someone else's upload, is refused:
 * deleting the article deletes its image, which must never be another person's file.
 */
export function ownContentImage(storage: Storage, viewerId: string, url: string | null) {
  return ownUploadedImage(
    storage,
    viewerId,
    url,
    'content',
    () =>
      new AppError('VALIDATION', ARTICLE_MSG.imageNotUploaded, { imageUrl: ARTICLE_MSG.imageNotUploaded }),
  );
}

/**
 * Removes a featured image no longer used, unless another of the author's articles still shows it.
 * After commit: a file that fails to go is only an orphan, never a broken article.
 */
export async function dropImage(deps: ArticleDeps, authorId: string, url: string | null) {
  if (!url) return;
  try {
    const [used] = await deps.db
      .execute(sql`select 1 from articles where author_id = ${authorId} and image_url = ${url} limit 1`)
      .then((r) => r.rows);
    if (!used) await deleteImageByUrl(deps.storage, url, authorId);
  } catch (err) {
    deps.logger.warn({ err, url }, 'could not delete an article image');
  }
}

/**
 * The featured image's pixel rules (common/articles/model.ts), on the picture as shown (upright), before it
 * is decoded.
 */
function checkArticleImage(width: number, height: number) {
  const problem = articleImageProblem(width, height);
  if (problem) throw new AppError('VALIDATION', ARTICLE_MSG.imageInvalidDimensionsTitle, { file: problem });
}

/** POST /api/articles/images: a featured image, checked, re-encoded and stored as the viewer's. */
export async function uploadArticleImage(
  deps: ArticleDeps,
  viewer: Viewer,
  file: ImageInput,
): Promise<ArticleImage> {
  const saved = await saveImage(deps.storage, file, {
    preset: 'content',
    ownerId: viewer.id,
    check: checkArticleImage,
  });
  // Unattached until an article shows it (attachUpload); swept after two hours otherwise.
  await recordUpload(deps.db, deps.storage, viewer.id, saved.url, {
    attached: false,
    bytes: saved.bytes,
  }).catch(async (err) => {
    await deleteImageByUrl(deps.storage, saved.url, viewer.id).catch(() => false);
    throw err;
  });
  return { url: saved.url };
}
