import { IMAGE_PRESETS, type ImagePreset } from '@common/core/uploads';
import { LIMIT_MSG } from '@common/core/texts';
import sharp, { type Sharp } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/errors';
import { createTestApp, signUpAndVerify, type TestApp } from '../test/harness';
import { png } from '../test/images';
import { IMAGE_JOBS, imageQueue, processImage } from './images';
import { createWorkQueue } from './work-queue';

/*
 * What an upload may cost the process (issue 13, hole 5): one decode per upload whatever the number
 * of copies kept, and a bounded number of decodes at once, a burst beyond it refused with 429.
 */

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('processImage', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const preset of Object.keys(IMAGE_PRESETS) as ImagePreset[]) {
    it(`decodes the upload once for the ${IMAGE_PRESETS[preset].sizes.length} copies of the ${preset} preset`, async () => {
      const upload = await png(2400, 1600);
      // sharp's own record of each pipeline's input: the upload's bytes, or raw pixels already decoded.
      const decodes: string[] = [];
      const toBuffer = sharp.prototype.toBuffer;
      vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: Sharp, ...args) {
        const input = (this as unknown as { options: { input: { rawWidth?: number; buffer?: Buffer } } })
          .options.input;
        decodes.push(input.rawWidth ? 'raw' : input.buffer?.length === upload.length ? 'upload' : 'other');
        return (toBuffer as (...a: unknown[]) => unknown).apply(this, args) as never;
      });
      const image = await processImage(upload, preset);
      expect(image.variants).toHaveLength(IMAGE_PRESETS[preset].sizes.length);
      expect(decodes.filter((d) => d === 'upload')).toHaveLength(1);
      expect(decodes.filter((d) => d === 'other')).toHaveLength(0);
    });
  }
});

describe('the work queue', () => {
  const busy = () => new AppError('RATE_LIMITED', 'busy');

  it('runs at most `active` jobs, queues `waiting` more, refuses the rest at once', async () => {
    const queue = createWorkQueue({ active: 2, waiting: 3, busy });
    const gates = Array.from({ length: 5 }, gate);
    let running = 0;
    let most = 0;
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(queue.load).toEqual({ active: 2, waiting: 3 });
    await expect(queue.run(async () => 'late')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    for (const g of gates) g.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue({ active: 1, waiting: 0, busy });
    await expect(queue.run(() => Promise.reject(new Error('decode failed')))).rejects.toThrow(
      'decode failed',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('a burst of uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is refused with 429 and Retry-After while the process’s image queue is full, then accepted', async () => {
    const agent = t.agent();
    await signUpAndVerify(t, agent);
    const image = await png(300, 300);
    // Other uploads hold every slot and every place in line.
    const hold = gate();
    const held = Array.from({ length: IMAGE_JOBS.active + IMAGE_JOBS.waiting }, () =>
      imageQueue.run(() => hold.opened),
    );
    await Promise.resolve();
    expect(imageQueue.load).toEqual({ active: IMAGE_JOBS.active, waiting: IMAGE_JOBS.waiting });

    const refused = await agent.upload('/api/profiles/me/avatar', 'file', image, 'me.png', 'image/png');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', message: LIMIT_MSG.imagesBusy });
    expect(refused.headers.get('retry-after')).toBe(String(IMAGE_JOBS.retryAfterSec));

    hold.open();
    await Promise.all(held);
    const accepted = await agent.upload('/api/profiles/me/avatar', 'file', image, 'me.png', 'image/png');
    expect(accepted.status).toBe(200);
  });
});
