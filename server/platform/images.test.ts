import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { imageVariantUrl, parseImageUrl } from '@common/core/uploads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import {
  oversizedPng,
  PHONE_METADATA,
  phoneJpeg,
  pixelBombPng,
  plainSvg,
  png,
  svgWithScript,
  textFile,
  windowsExe,
} from '../test/images';
import { deleteImageByUrl, processImage, saveImage, sniffImageFormat } from './images';
import { createLocalStorage, type Storage } from './storage';

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { code, message, fields } = err as AppError;
  return { code, message, fields };
}

const INVALID = {
  code: 'VALIDATION',
  message: 'Invalid file type',
  fields: { file: 'Please select an image file.' },
};

const hasBytes = (haystack: Uint8Array, needle: string) =>
  Buffer.from(haystack).includes(Buffer.from(needle));

describe('processImage', () => {
  it('makes square WebP avatars of 96, 256 and 512 pixels', async () => {
    const image = await processImage(await png(1000, 800), 'avatar');
    expect(image.main).toBe(256);
    expect(image.variants.map((v) => [v.size, v.width, v.height])).toEqual([
      [96, 96, 96],
      [256, 256, 256],
      [512, 512, 512],
    ]);
    for (const v of image.variants) expect((await sharp(v.bytes).metadata()).format).toBe('webp');
  });

  it('never enlarges a small picture', async () => {
    const image = await processImage(await png(200, 150), 'avatar');
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [96, 96],
      [150, 150],
      [150, 150],
    ]);
  });

  it('crops covers to 3:1 banners, 1500 and 750 wide', async () => {
    const image = await processImage(await png(3000, 1200), 'cover');
    expect(image.main).toBe(1500);
    expect(image.variants.map((v) => [v.size, v.width, v.height])).toEqual([
      [750, 750, 250],
      [1500, 1500, 500],
    ]);
  });

  it('keeps content images whole: at most 2000 on the long side, and an 800-wide copy', async () => {
    const image = await processImage(await png(3000, 1500), 'content');
    expect(image.variants.map((v) => [v.size, v.width, v.height])).toEqual([
      [800, 800, 400],
      [2000, 2000, 1000],
    ]);
  });

  it('removes EXIF (camera, GPS position) and turns the picture upright', async () => {
    const input = await phoneJpeg();
    // The fixture really carries what must go.
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    for (const text of PHONE_METADATA) expect(hasBytes(input, text), text).toBe(true);

    const image = await processImage(input, 'content');
    for (const v of image.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const text of PHONE_METADATA) expect(hasBytes(v.bytes, text), text).toBe(false);
    }
    // Stored 300x200 sideways; upright it is 200x300 with the red half on top.
    const large = image.variants.find((v) => v.size === 2000)!;
    expect([large.width, large.height]).toEqual([200, 300]);
    const { data, info } = await sharp(large.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [r1, , b1] = pixel(100, 20);
    const [r2, , b2] = pixel(100, 280);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('accepts JPEG, PNG, GIF, WebP and AVIF', async () => {
    const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } });
    const inputs = {
      jpeg: await base().jpeg().toBuffer(),
      png: await base().png().toBuffer(),
      gif: await base().gif().toBuffer(),
      webp: await base().webp().toBuffer(),
      avif: await base().avif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(inputs)) {
      expect(sniffImageFormat(bytes), format).toBe(format);
      const image = await processImage(bytes, 'content');
      expect(image.variants[0]!.width, format).toBe(40);
    }
  });

  it('refuses an SVG, with or without script', async () => {
    expect(await refusal(processImage(svgWithScript, 'avatar'))).toEqual(INVALID);
    expect(await refusal(processImage(plainSvg, 'avatar'))).toEqual(INVALID);
  });

  it('refuses a text file named .png and a renamed executable', async () => {
    expect(await refusal(processImage(textFile, 'avatar'))).toEqual(INVALID);
    expect(await refusal(processImage(windowsExe, 'avatar'))).toEqual(INVALID);
  });

  it('refuses a truncated or corrupt image', async () => {
    const jpeg = await phoneJpeg();
    expect(await refusal(processImage(jpeg.subarray(0, jpeg.length / 2), 'avatar'))).toEqual(INVALID);
    const corrupt = Buffer.from(await png(300, 200));
    corrupt.fill(0x41, 60, 200);
    expect(await refusal(processImage(corrupt, 'avatar'))).toEqual(INVALID);
    // Right magic bytes, nothing behind them.
    expect(await refusal(processImage(Buffer.from('GIF89a garbage garbage'), 'avatar'))).toEqual(INVALID);
  });

  it('refuses a file over 10 MB', async () => {
    const big = await oversizedPng();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(await refusal(processImage(big, 'avatar'))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large',
      fields: { file: 'Please select an image smaller than 10MB.' },
    });
  });

  it('refuses a small file claiming a huge canvas without decoding it', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(processImage(bomb, 'avatar'))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large',
      fields: { file: 'Please select an image smaller than 40 megapixels.' },
    });
  });
});

describe('saveImage and deleteImageByUrl', () => {
  let dir: string;
  let storage: Storage;
  const owner = randomUUID();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cofound-images-'));
    storage = createLocalStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores every copy under a new random key and returns their addresses', async () => {
    const bytes = await png(600, 600);
    const a = await saveImage(storage, bytes, { preset: 'avatar', ownerId: owner });
    const b = await saveImage(storage, bytes, { preset: 'avatar', ownerId: owner });
    expect(a.id).not.toBe(b.id);
    expect(a.url).toBe(`/files/images/avatar/${owner}/${a.id}/256.webp`);
    expect(Object.keys(a.variants)).toEqual(['96', '256', '512']);
    expect(await readdir(path.join(dir, 'images/avatar', owner, a.id))).toEqual([
      '256.webp',
      '512.webp',
      '96.webp',
    ]);
    const stored = await storage.head(`images/avatar/${owner}/${a.id}/512.webp`);
    expect(stored?.contentType).toBe('image/webp');
  });

  it('deletes all copies from the address of any of them, only for their owner', async () => {
    const saved = await saveImage(storage, await png(), { preset: 'cover', ownerId: owner });
    expect(await deleteImageByUrl(storage, saved.variants[750], randomUUID())).toBe(false);
    expect(await storage.head(`images/cover/${owner}/${saved.id}/1500.webp`)).not.toBeNull();

    expect(await deleteImageByUrl(storage, saved.variants[750], owner)).toBe(true);
    for (const size of [750, 1500])
      expect(await storage.head(`images/cover/${owner}/${saved.id}/${size}.webp`)).toBeNull();
    // The emptied folders go too.
    expect(await readdir(path.join(dir, 'images/cover', owner)).catch(() => [])).toEqual([]);
  });

  it('leaves foreign and malformed addresses alone', async () => {
    for (const url of [
      null,
      '',
      'https://example.com/me.png',
      `https://example.com/files/images/avatar/${owner}/${randomUUID()}/256.webp`,
      `/files/images/avatar/${owner}/not-a-uuid/256.webp`,
      `/files/images/avatar/${owner}/${randomUUID()}/300.webp`,
      '/files/../../etc/passwd',
    ])
      expect(await deleteImageByUrl(storage, url, owner), String(url)).toBe(false);
  });
});

describe('imageVariantUrl', () => {
  const id = randomUUID();
  const owner = randomUUID();
  const avatar = `/files/images/avatar/${owner}/${id}/256.webp`;

  it('picks the smallest copy at least as large as asked, else the largest', () => {
    expect(imageVariantUrl(avatar, 40)).toBe(`/files/images/avatar/${owner}/${id}/96.webp`);
    expect(imageVariantUrl(avatar, 96)).toBe(`/files/images/avatar/${owner}/${id}/96.webp`);
    expect(imageVariantUrl(avatar, 200)).toBe(avatar);
    expect(imageVariantUrl(avatar, 1000)).toBe(`/files/images/avatar/${owner}/${id}/512.webp`);
    const cdn = `https://cdn.example.com/images/cover/${owner}/${id}/1500.webp`;
    expect(imageVariantUrl(cdn, 600)).toBe(`https://cdn.example.com/images/cover/${owner}/${id}/750.webp`);
  });

  it('returns any other address unchanged', () => {
    expect(imageVariantUrl('https://example.com/me.png', 96)).toBe('https://example.com/me.png');
    expect(imageVariantUrl(null, 96)).toBeNull();
    expect(parseImageUrl(`/files/images/avatar/${owner}/${id}/257.webp`)).toBeNull();
  });
});
