import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  IMAGE_PRESETS,
  megabytes,
  parseImageUrl,
  UPLOAD_MSG,
  UPLOADS,
  type ImagePreset,
} from '@common/core/uploads';
import { LIMIT_MSG } from '@common/core/texts';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../lib/errors';
import type { Storage } from './storage';
import { createWorkQueue } from './work-queue';

/**
 * Uploaded images: checked by their content (never their name or the browser's type), decoded,
 * turned upright by their EXIF orientation, resized for each place they are shown and re-encoded as
 * WebP without any metadata (camera, GPS position). Only the re-encoded copies are kept.
 *
 * Decoding is the expensive part (a 40-megapixel upload is 120 MB of pixels), so each upload is
 * decoded once, straight to its largest copy, and the smaller copies are made from that; and only a
 * few uploads are decoded at a time per process (IMAGE_JOBS), so a burst waits, then is refused
 * with 429, instead of taking every core and the memory of many decodes at once.
 */

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export function invalidImage() {
  return new AppError('VALIDATION', UPLOAD_MSG.invalidType, { file: UPLOAD_MSG.invalidTypeHint });
}

export function imageTooLarge() {
  return new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge, {
    file: UPLOAD_MSG.tooLargeHint(megabytes(UPLOADS.imageMaxBytes)),
  });
}

function tooManyPixels() {
  return new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge, {
    file: UPLOAD_MSG.tooManyPixelsHint(UPLOADS.imageMaxPixels / 1_000_000),
  });
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * The format the first bytes announce, or null. Only formats a browser shows as an image and that
 * carry no script: SVG (XML that may hold script), HTML, executables and everything else fail here.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a `ftyp` box whose major or compatible brands include AVIF (not HEIC, which we cannot decode).
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/**
 * An uploaded image: its bytes, or (every upload route) the temporary file it was streamed to with
 * its size and first bytes (platform/uploads.ts). sharp reads the file itself, in pieces.
 */
export type ImageInput = Uint8Array | { path: string; size: number; head: Uint8Array };

/** An uploaded image's size in bytes. */
export const inputSize = (input: ImageInput) => (input instanceof Uint8Array ? input.byteLength : input.size);

export type ImageVariant = { size: number; width: number; height: number; bytes: Buffer };
export type ProcessedImage = { preset: ImagePreset; main: number; variants: ImageVariant[] };

/**
 * A place's own rules on the upright size (an article's featured image: its pixel limits,
 * common/articles/model.ts), run once the header is read and before any pixel is decoded. It throws an
 * AppError to refuse.
 */
export type ImageSizeCheck = (width: number, height: number) => void;

const INPUT = { limitInputPixels: UPLOADS.imageMaxPixels, failOn: 'error' } as const;

/**
 * Uploads decoded at once in this process: half the cores (libvips gives each decode one thread on
 * glibc Linux), so the other half keeps answering requests. A few more wait; past that, 429.
 */
export const IMAGE_JOBS = {
  active: Math.max(1, Math.floor(availableParallelism() / 2)),
  waiting: 8,
  /** Retry-After when refused: about what the queue takes to drain. */
  retryAfterSec: 5,
} as const;

/** The process's image decoding queue (exported for tests, which fill it). */
export const imageQueue = createWorkQueue({
  active: IMAGE_JOBS.active,
  waiting: IMAGE_JOBS.waiting,
  busy: () =>
    new AppError('RATE_LIMITED', LIMIT_MSG.imagesBusy, undefined, { retryAfter: IMAGE_JOBS.retryAfterSec }),
});

/** The resize for one copy, given the upright size of the original. */
function resizeFor(pipeline: Sharp, preset: ImagePreset, size: number, w: number, h: number): Sharp {
  switch (preset) {
    case 'avatar': {
      // A centred square, never enlarged.
      const side = Math.min(size, w, h);
      return pipeline.resize(side, side, { fit: 'cover', position: 'centre' });
    }
    case 'cover': {
      // A centred 3:1 banner, never enlarged.
      const width = Math.max(1, Math.min(size, w, h * 3));
      return pipeline.resize(width, Math.max(1, Math.round(width / 3)), { fit: 'cover', position: 'centre' });
    }
    case 'content':
      // The whole picture: the large copy within size x size, the small one `size` wide (height bounded).
      return pipeline.resize(size, Math.max(size, IMAGE_PRESETS.content.main), {
        fit: 'inside',
        withoutEnlargement: true,
      });
  }
}

function isPixelLimit(err: unknown) {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * The copies of an uploaded image for `preset`, as WebP without metadata. Throws a 400 'Invalid file
 * type' for anything that is not a JPEG, PNG, GIF (first frame), WebP or AVIF image that decodes
 * cleanly, and a 413 'File too large' over the byte or pixel limit.
 */
export async function processImage(
  input: ImageInput,
  preset: ImagePreset,
  opts: { check?: ImageSizeCheck } = {},
): Promise<ProcessedImage> {
  const file = input instanceof Uint8Array ? null : input;
  if (inputSize(input) > UPLOADS.imageMaxBytes) throw imageTooLarge();
  const format = sniffImageFormat(file ? file.head : (input as Uint8Array));
  if (!format) throw invalidImage();

  const source = sharp(file ? file.path : (input as Uint8Array), INPUT);
  let width: number;
  let height: number;
  try {
    const meta = await source.metadata();
    const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : null) : meta.format;
    if (decoded !== format) throw invalidImage();
    // The header's claim, checked before any pixel is decoded.
    if (meta.width * (meta.pageHeight ?? meta.height) > UPLOADS.imageMaxPixels) throw tooManyPixels();
    ({ width, height } = meta.autoOrient);
    opts.check?.(width, height);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw isPixelLimit(err) ? tooManyPixels() : invalidImage();
  }

  const { sizes, main } = IMAGE_PRESETS[preset];
  try {
    return await imageQueue.run(async () => {
      // The one decode: upright, straight to the largest copy, as raw pixels (a JPEG is even
      // shrunk while it is decoded).
      const largest = await resizeFor(source.autoOrient(), preset, Math.max(...sizes), width, height)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width: w, height: h, channels } = largest.info;
      // Every copy's box lies within the largest copy's (the same crop, smaller), so each is that
      // copy scaled down: the same geometry as from the original, at a fraction of the cost.
      const variants: ImageVariant[] = [];
      for (const size of sizes) {
        // Pixels only: no EXIF, XMP or IPTC, already converted to sRGB by the decode.
        const out = await resizeFor(
          sharp(largest.data, { raw: { width: w, height: h, channels } }),
          preset,
          size,
          w,
          h,
        )
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ size, width: out.info.width, height: out.info.height, bytes: out.data });
      }
      return { preset, main, variants };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw isPixelLimit(err) ? tooManyPixels() : invalidImage();
  }
}

export type SavedImage = {
  id: string;
  /** The main copy's address (IMAGE_PRESETS[preset].main). */
  url: string;
  /** Every copy's address by its size. */
  variants: Record<number, string>;
};

const prefixOf = (preset: ImagePreset, ownerId: string, id: string) => `images/${preset}/${ownerId}/${id}/`;

/**
 * Process an upload and store its copies under images/<preset>/<owner>/<random uuid>/<size>.webp: a
 * new key every time, so a stored file never changes and may be cached for good. The owner (the
 * uploader's user id) is part of the address, so only their own actions ever delete it.
 */
export async function saveImage(
  storage: Storage,
  input: ImageInput,
  opts: { preset: ImagePreset; ownerId: string; check?: ImageSizeCheck },
): Promise<SavedImage & { bytes: number }> {
  const image = await processImage(input, opts.preset, { check: opts.check });
  const id = randomUUID();
  const prefix = prefixOf(opts.preset, opts.ownerId, id);
  const variants: Record<number, string> = {};
  try {
    await Promise.all(
      image.variants.map(async (v) => {
        const key = `${prefix}${v.size}.webp`;
        await storage.put(key, v.bytes, 'image/webp');
        variants[v.size] = storage.url(key);
      }),
    );
  } catch (err) {
    await storage.deletePrefix(prefix).catch(() => {});
    throw err;
  }
  const bytes = image.variants.reduce((sum, v) => sum + v.bytes.length, 0);
  return { id, url: variants[image.main]!, variants, bytes };
}

/**
 * The address to store for an image a person chose for their content: null for none, else the main
 * copy of an image of `preset` that `ownerId` uploaded (any copy's address is accepted). Anything
 * else (someone else's upload, an outside address, a file that is gone) is refused with `refuse()`:
 * deleting the content deletes its file, which must never be another person's.
 */
export async function ownUploadedImage(
  storage: Storage,
  ownerId: string,
  url: string | null,
  preset: ImagePreset,
  refuse: () => AppError,
): Promise<string | null> {
  if (url === null) return null;
  const key = storage.keyFromUrl(url);
  const image = key ? parseImageUrl(key) : null;
  if (!image || image.preset !== preset || image.ownerId !== ownerId) throw refuse();
  const main = `${prefixOf(preset, ownerId, image.id)}${IMAGE_PRESETS[preset].main}.webp`;
  if (!(await storage.head(main))) throw refuse();
  return storage.url(main);
}

/**
 * Remove every copy of an image we stored for `ownerId`, given the address of any copy. Anything else
 * is left alone: addresses that are not ours (an https avatar chosen by URL), and our images of other
 * people (a profile field can be set to any address). Returns whether something was removed.
 */
export async function deleteImageByUrl(
  storage: Storage,
  url: string | null | undefined,
  ownerId: string,
): Promise<boolean> {
  if (!url) return false;
  const key = storage.keyFromUrl(url);
  const image = key ? parseImageUrl(key) : null;
  if (!image || image.ownerId !== ownerId) return false;
  const prefix = prefixOf(image.preset, image.ownerId, image.id);
  if (key !== `${prefix}${image.size}.webp`) return false;
  await storage.deletePrefix(prefix);
  return true;
}
