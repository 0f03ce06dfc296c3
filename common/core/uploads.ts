import { UUID_SOURCE } from './ids';
/**
 * Upload limits and texts shared by the server and the web app. No zod here: the top bar imports
 * common files and must stay small.
 */

const MB = 1024 * 1024;

export const UPLOADS = {
  /** Avatars, covers, article and post images (docs/product-rules.md: upload limits). */
  imageMaxBytes: 10 * MB,
  /**
   * Images larger than this many pixels are refused before decoding: a small file can claim a huge
   * canvas (a "pixel bomb") and would take gigabytes to decode.
   */
  imageMaxPixels: 40_000_000,
  /** The `accept` attribute of an image file input; the server checks the content, not this. */
  imageAccept: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  /** Room for the multipart boundary and part headers around the file. */
  multipartOverheadBytes: 64 * 1024,
} as const;

/** Whole megabytes, as the messages state them ('smaller than 10MB'). */
export function megabytes(bytes: number) {
  return Math.round(bytes / MB);
}

/** The upload messages, with the real limits (docs/product-rules.md: upload limits). */
export const UPLOAD_MSG = {
  invalidType: 'Invalid file type',
  invalidTypeHint: 'Please select an image file.',
  tooLarge: 'File too large',
  tooLargeHint: (mb: number) => `Please select an image smaller than ${mb}MB.`,
  tooManyPixelsHint: (megapixels: number) => `Please select an image smaller than ${megapixels} megapixels.`,
  uploadFailed: 'Upload failed',
  /** Refusals of the upload pipeline (server/platform/uploads.ts): nothing was read or kept. */
  ownUploadsBusy: 'You are already uploading other files. Please wait for them to finish and try again.',
  serverUploadsBusy: 'Too many files are being uploaded right now. Please try again in a moment.',
  unattachedQuota:
    'You have uploaded many files that are not used yet. Please use them, or wait a couple of hours until they are cleared, then try again.',
} as const;

/**
 * The resized copies kept of each image, by preset; a copy is named by its size in pixels (the side
 * of a square avatar, the width of a cover or content image). `main` is the one an API returns.
 *
 * - avatar: 96 covers the 40-48 px top bar and lists on 2x screens, 256 the profile header (up to
 *   128 px) on 2x screens, 512 larger headers and 3x screens.
 * - cover: 3:1 banners, 1500 wide for desktops, 750 for phones.
 * - content (articles, posts): at most 2000 px on the long side, and an 800-wide copy for cards.
 */
export const IMAGE_PRESETS = {
  avatar: { sizes: [96, 256, 512], main: 256 },
  cover: { sizes: [750, 1500], main: 1500 },
  content: { sizes: [800, 2000], main: 2000 },
} as const;

export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** The tail of every stored image's address: images/<preset>/<owner's user id>/<image uuid>/<size>.webp */
const IMAGE_PATH = new RegExp(
  `(?:^|/)images/(avatar|cover|content)/(${UUID_SOURCE})/(${UUID_SOURCE})/(\\d+)\\.webp$`,
);

export type ImageAddress = { preset: ImagePreset; ownerId: string; id: string; size: number };

/** What the address of one of our stored images names; null for any other URL. */
export function parseImageUrl(url: string): ImageAddress | null {
  const match = IMAGE_PATH.exec(url);
  if (!match) return null;
  const preset = match[1] as ImagePreset;
  const size = Number(match[4]);
  if (!(IMAGE_PRESETS[preset].sizes as readonly number[]).includes(size)) return null;
  return { preset, ownerId: match[2]!, id: match[3]!, size };
}

/**
 * The copy of an uploaded image closest to `size` pixels (the smallest one at least that large, else
 * the largest). Any other URL (someone's https avatar) comes back unchanged.
 */
export function imageVariantUrl(url: string, size: number): string;
export function imageVariantUrl(url: string | null | undefined, size: number): string | null | undefined;
export function imageVariantUrl(url: string | null | undefined, size: number) {
  if (!url) return url;
  const parsed = parseImageUrl(url);
  if (!parsed) return url;
  const sizes = IMAGE_PRESETS[parsed.preset].sizes as readonly number[];
  const pick = sizes.find((s) => s >= size) ?? sizes[sizes.length - 1]!;
  return url.replace(/\d+\.webp$/, `${pick}.webp`);
}
