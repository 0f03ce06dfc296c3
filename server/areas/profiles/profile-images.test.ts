import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ServerEvent } from '@common/core/realtime';
import { imageVariantUrl } from '@common/core/uploads';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import { type Agent, BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import {
  oversizedPng,
  PHONE_METADATA,
  phoneJpeg,
  pixelBombPng,
  png,
  svgWithScript,
  textFile,
  windowsExe,
} from '../../test/images';

let t: TestApp;
let alice: { agent: Agent; id: string };
let bob: { agent: Agent; id: string };

const person = () => signedUpPerson(t);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await person(), await person()];
});
afterAll(() => t?.close());

const AVATAR_URL = /^\/files\/images\/avatar\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/256\.webp$/;

const upload = (
  agent: Agent,
  kind: 'avatar' | 'cover',
  bytes: Uint8Array,
  name = 'photo.jpg',
  type = 'image/jpeg',
) => agent.upload(`/api/profiles/me/${kind}`, 'file', bytes, name, type);

/** A stored file as a browser gets it (no cookies: files are public). */
async function fetchFile(url: string, method = 'GET') {
  const res = await t.app.request(new URL(url, BASE_URL).toString(), { method });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function storedFiles() {
  const dir = path.join(t.dataDir, 'files', 'images');
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith('.webp')).sort();
}

async function profileRow(id: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

/** Realtime events published while `action` runs. */
async function published(action: () => Promise<unknown>) {
  const events: { topic?: string | undefined; event: ServerEvent }[] = [];
  const stop = t.booted.bus.subscribe((e) => events.push({ topic: e.topic, event: e.event }));
  try {
    await action();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    stop();
  }
  return events;
}

const INVALID = {
  error: {
    code: 'VALIDATION',
    message: 'Invalid file type',
    fields: { file: 'Please select an image file.' },
  },
};
const TOO_LARGE = {
  error: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'File too large',
    fields: { file: 'Please select an image smaller than 10MB.' },
  },
};

describe('avatar', () => {
  let first: string;

  it('stores a phone photo upright, re-encoded without its EXIF, and sets it as the avatar', async () => {
    let res!: Awaited<ReturnType<typeof upload>>;
    const events = await published(async () => {
      res = await upload(alice.agent, 'avatar', await phoneJpeg(900, 600));
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.id);
    expect(res.body.avatarUrl).toMatch(AVATAR_URL);
    expect(res.body.avatarUrl).toContain(`/avatar/${alice.id}/`);
    first = res.body.avatarUrl;
    expect((await profileRow(alice.id)).avatarUrl).toBe(first);
    expect(events).toContainEqual({
      topic: `profile:${alice.id}`,
      event: { type: 'profile.updated', userId: alice.id },
    });

    const { res: file, bytes } = await fetchFile(first);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('x-frame-options')).toBe('DENY');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    for (const text of PHONE_METADATA) expect(bytes.includes(Buffer.from(text)), text).toBe(false);
  });

  it('keeps a small and a large copy beside it, and answers HEAD without a body', async () => {
    const small = await fetchFile(imageVariantUrl(first, 40));
    expect(small.res.status).toBe(200);
    expect((await sharp(small.bytes).metadata()).width).toBe(96);
    const large = await fetchFile(imageVariantUrl(first, 400));
    expect((await sharp(large.bytes).metadata()).width).toBe(512);

    const head = await fetchFile(first, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-type')).toBe('image/webp');
    expect(Number(head.res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(head.bytes.length).toBe(0);
  });

  it('replacing the avatar removes every copy of the old one', async () => {
    const before = await storedFiles();
    expect(before).toHaveLength(3);
    const res = await upload(alice.agent, 'avatar', await png(300, 300), 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(AVATAR_URL);
    expect(res.body.avatarUrl).not.toBe(first);
    for (const size of [96, 256, 512])
      expect((await fetchFile(imageVariantUrl(first, size))).res.status).toBe(404);
    expect((await fetchFile(res.body.avatarUrl)).res.status).toBe(200);
    const after = await storedFiles();
    expect(after).toHaveLength(3);
    expect(after.some((f) => before.includes(f))).toBe(false);
    first = res.body.avatarUrl;
  });

  it('refuses what is not an image, and changes nothing', async () => {
    const before = await storedFiles();
    const cases: [Uint8Array, string, string][] = [
      [textFile, 'notes.png', 'image/png'],
      [windowsExe, 'photo.jpg', 'image/jpeg'],
      [svgWithScript, 'logo.svg', 'image/svg+xml'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload(alice.agent, 'avatar', bytes, name, type);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual(INVALID);
    }
    expect((await profileRow(alice.id)).avatarUrl).toBe(first);
    expect(await storedFiles()).toEqual(before);
  });

  it('asks for a file when there is none', async () => {
    const form = new FormData();
    form.append('other', 'value');
    const none = await alice.agent.request('POST', '/api/profiles/me/avatar', form);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'VALIDATION', message: 'Please select an image file.' });
    const json = await alice.agent.post('/api/profiles/me/avatar', { file: 'x' });
    expect(json.status).toBe(400);
    const empty = await upload(alice.agent, 'avatar', new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect((await profileRow(alice.id)).avatarUrl).toBe(first);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const res = await upload(alice.agent, 'avatar', await oversizedPng(), 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect((await profileRow(alice.id)).avatarUrl).toBe(first);
  });

  it('refuses a pixel bomb with 413', async () => {
    const res = await upload(alice.agent, 'avatar', await pixelBombPng(), 'tiny.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('File too large');
  });

  it('stops reading an endless upload, whatever Content-Length claims or when there is none', async () => {
    const boundary = 'cofound-test-boundary';
    const send = async (headers: Record<string, string>) => {
      let sent = 0;
      const chunk = new Uint8Array(1024 * 1024).fill(0x42);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
                'Content-Type: image/png\r\n\r\n',
            ),
          );
          // A PNG's first bytes, so the content check lets it stream on to the size limit.
          controller.enqueue(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
        },
        pull(controller) {
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const res = await t.app.request(`${BASE_URL}/api/profiles/me/avatar`, {
        method: 'POST',
        headers: {
          origin: BASE_URL,
          cookie: [...alice.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...headers,
        },
        body,
        duplex: 'half',
      } as RequestInit);
      return { res, sent };
    };
    for (const headers of [{ 'content-length': '1000' }, {}] as Record<string, string>[]) {
      const { res, sent } = await send(headers);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(TOO_LARGE);
      // Cut off just past the limit (10 MB and the multipart allowance), not read to the end.
      expect(sent).toBeLessThan(13 * 1024 * 1024);
    }
    expect((await profileRow(alice.id)).avatarUrl).toBe(first);
  });

  it('removing the avatar clears it and deletes the file', async () => {
    const events = await published(async () => {
      const res = await alice.agent.request('DELETE', '/api/profiles/me/avatar');
      expect(res.status).toBe(200);
      expect(res.body.avatarUrl).toBeNull();
    });
    expect(events.map((e) => e.event.type)).toContain('profile.updated');
    expect((await profileRow(alice.id)).avatarUrl).toBeNull();
    expect((await fetchFile(first)).res.status).toBe(404);
    expect(await storedFiles()).toEqual([]);
    // Again: nothing to remove, still fine.
    expect((await alice.agent.request('DELETE', '/api/profiles/me/avatar')).status).toBe(200);
  });

  it("never deletes someone else's image, even when a profile points at it", async () => {
    const bobs = await upload(bob.agent, 'avatar', await png());
    expect(bobs.status).toBe(200);
    // A profile field can hold any address (profile edit); point Alice's avatar at Bob's picture.
    await t.db.update(profiles).set({ avatarUrl: bobs.body.avatarUrl }).where(eq(profiles.id, alice.id));
    expect((await upload(alice.agent, 'avatar', await png())).status).toBe(200);
    expect((await fetchFile(bobs.body.avatarUrl)).res.status).toBe(200);
    await alice.agent.request('DELETE', '/api/profiles/me/avatar');
    // A foreign https address is left alone as well.
    await t.db
      .update(profiles)
      .set({ avatarUrl: 'https://example.com/me.png' })
      .where(eq(profiles.id, alice.id));
    const res = await alice.agent.request('DELETE', '/api/profiles/me/avatar');
    expect(res.body.avatarUrl).toBeNull();
    expect((await fetchFile(bobs.body.avatarUrl)).res.status).toBe(200);
  });
});

describe('cover photo', () => {
  it('stores a 3:1 banner, replaces and removes it', async () => {
    const res = await upload(alice.agent, 'cover', await png(3000, 1200), 'cover.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.coverPhotoUrl).toMatch(
      /^\/files\/images\/cover\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/1500\.webp$/,
    );
    const { bytes } = await fetchFile(res.body.coverPhotoUrl);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 500 });
    const phone = await fetchFile(imageVariantUrl(res.body.coverPhotoUrl, 700));
    expect((await sharp(phone.bytes).metadata()).width).toBe(750);

    const again = await upload(alice.agent, 'cover', await png(1600, 900), 'cover.png', 'image/png');
    expect(again.status).toBe(200);
    expect((await fetchFile(res.body.coverPhotoUrl)).res.status).toBe(404);

    const removed = await alice.agent.request('DELETE', '/api/profiles/me/cover');
    expect(removed.body.coverPhotoUrl).toBeNull();
    expect((await fetchFile(again.body.coverPhotoUrl)).res.status).toBe(404);
  });

  it('refuses what is not an image', async () => {
    const res = await upload(alice.agent, 'cover', textFile, 'cover.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
  });
});

describe('access and limits', () => {
  it('refuses visitors', async () => {
    const visitor = t.agent();
    expect((await upload(visitor, 'avatar', await png())).status).toBe(401);
    expect((await upload(visitor, 'cover', await png())).status).toBe(401);
    expect((await visitor.request('DELETE', '/api/profiles/me/avatar')).status).toBe(401);
    expect((await visitor.request('DELETE', '/api/profiles/me/cover')).status).toBe(401);
  });

  it('keeps the 64 KB limit for JSON, and for multipart sent to the auth routes', async () => {
    const json = await alice.agent.request('PATCH', '/api/profiles/me', { bio: 'x'.repeat(70_000) });
    expect(json.status).toBe(413);
    const form = new FormData();
    form.append('email', 'a@example.com');
    form.append('password', 'x'.repeat(70_000));
    const auth = await t.agent().request('POST', '/api/auth/sign-in/email', form);
    expect(auth.status).toBe(413);
  });

  it('answers 404 for files that do not exist or could not', async () => {
    for (const url of [
      '/files/images/avatar/nothing.webp',
      '/files/.tmp/x',
      '/files/..%2f..%2fauth-secret',
    ]) {
      const { res } = await fetchFile(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
    }
  });
});
