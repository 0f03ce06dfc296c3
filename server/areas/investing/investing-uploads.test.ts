import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MSG } from '@common/core/uploads';
import { INVESTING, INVESTING_MSG, type Idea } from '@common/investing/model';
import type { CreateIdea } from '@common/investing/schemas';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BASE_URL, createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';
import { png } from '../../test/images';

/*
 * Issue 26 (high): what one account can make the server hold with uploads, tried as the attacker
 * would: many large uploads at once, bodies over the limit or of the wrong kind, files never used,
 * and the reading side (byte ranges of an idea's video and of a pitch deck, as the wrong person too).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Person = Awaited<ReturnType<typeof signedUpPerson>>;

const MB = 1024 * 1024;
const BOUNDARY = 'cofound-test-boundary-7e1f';

/** The first bytes of an MP4 (an ftyp box, brand isom). */
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);

/**
 * A multipart upload whose body is made as the server reads it, 1 MB at a time, with no declared
 * length (chunked), as an attacker streams it: `pulled` counts what the server asked for; `hold`
 * (when given) stops the body after its first bytes until it resolves.
 */
function streamedUpload(
  agent: Agent,
  url: string,
  file: { head: Buffer; size: number },
  opts: { hold?: Promise<void>; onPull?: (pulled: number) => Promise<void> | void } = {},
) {
  const prefix = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  );
  const suffix = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const filler = Buffer.alloc(MB, 7);
  let sent = 0; // of the file's bytes
  let stage: 'head' | 'body' | 'done' = 'head';
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (stage === 'head') {
          stage = 'body';
          const first = Buffer.concat([prefix, file.head]);
          sent = file.head.length;
          state.pulled += first.length;
          controller.enqueue(first);
          return;
        }
        if (stage === 'body') {
          if (opts.hold) await opts.hold;
          if (sent >= file.size) {
            stage = 'done';
            state.pulled += suffix.length;
            controller.enqueue(suffix);
            controller.close();
            return;
          }
          const chunk = filler.subarray(0, Math.min(MB, file.size - sent));
          sent += chunk.length;
          state.pulled += chunk.length;
          await opts.onPull?.(state.pulled);
          controller.enqueue(new Uint8Array(chunk));
        }
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({
    origin: BASE_URL,
    'x-forwarded-for': agent.ip,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  const response = Promise.resolve(
    t.app.request(new URL(url, BASE_URL).toString(), {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit),
  ).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as {
      url?: string;
      error?: { message: string; fields?: Record<string, string> };
    },
  }));
  return { state, response };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const tmpDir = () => path.join(t.dataDir, 'files', '.tmp');
async function tempUploads() {
  const names = await readdir(tmpDir()).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => (await stat(path.join(tmpDir(), n))).size));
}

const fields = (o: Partial<CreateIdea> = {}): CreateIdea => ({
  title: 'Solar kiosks for rural clinics',
  description: 'Pay-as-you-go solar kiosks that keep vaccines cold in clinics off the grid.',
  fundingGoal: 50_000,
  industry: 'energy',
  equityOffered: 10,
  risk: 'medium',
  ...o,
});

async function submit(p: Person, o: Partial<CreateIdea> = {}): Promise<Idea> {
  const res = await p.agent.post<Idea>('/api/investing/ideas', fields(o));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const VIDEO = '/api/investing/uploads/video';

describe('uploads in flight', () => {
  it('a third upload at once by one person is refused with 429 and Retry-After before its body is read', async () => {
    const [p, other] = [await signedUpPerson(t), await signedUpPerson(t)];
    const hold = gate();
    // Never leave places taken for the next test, should this one fail.
    onTestFinished(() => hold.open());
    const held = [0, 1].map(() =>
      streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: 3 * MB }, { hold: hold.opened }),
    );
    // Both are being read (their first bytes are in).
    await expect.poll(() => held.every((h) => h.state.pulled > 0)).toBe(true);

    const third = streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: 3 * MB });
    const refused = await third.response;
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(UPLOAD_MSG.ownUploadsBusy);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.state.pulled).toBe(0);

    // Someone else is not held up by this person's uploads.
    const theirs = streamedUpload(other.agent, VIDEO, { head: MP4_HEAD, size: MB });
    expect((await theirs.response).status).toBe(201);

    hold.open();
    for (const h of held) expect((await h.response).status).toBe(201);
    // The place is free again.
    expect((await streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }).response).status).toBe(201);
  });

  it('past the process’s uploads in flight, anyone’s next upload is refused with 429 at once', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => signedUpPerson(t)));
    const hold = gate();
    // Never leave places taken for the next test, should this one fail.
    onTestFinished(() => hold.open());
    // Four people, two uploads each: the process's eight places.
    const held = people
      .slice(0, 4)
      .flatMap((p) =>
        [0, 1].map(() => streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }, { hold: hold.opened })),
      );
    await expect.poll(() => held.every((h) => h.state.pulled > 0)).toBe(true);
    const late = streamedUpload(people[4]!.agent, VIDEO, { head: MP4_HEAD, size: MB });
    const refused = await late.response;
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(UPLOAD_MSG.serverUploadsBusy);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(late.state.pulled).toBe(0);
    hold.open();
    for (const h of held) expect((await h.response).status).toBe(201);
  });
});

describe('uploads in flight across processes', () => {
  it('places another process holds count: with both taken elsewhere, an upload is refused before its body is read; expired ones do not count', async () => {
    const [p, other] = [await signedUpPerson(t), await signedUpPerson(t)];
    // Another process (or instance) is reading two of p's uploads: their places are in the shared table.
    await t.db.execute(sql`
      insert into upload_places (id, person_id, expires_at)
      values (${randomUUID()}, ${p.id}, now() + interval '10 minutes'),
             (${randomUUID()}, ${p.id}, now() + interval '10 minutes')`);
    const refused = streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB });
    const answer = await refused.response;
    expect(answer.status).toBe(429);
    expect(answer.body.error?.message).toBe(UPLOAD_MSG.ownUploadsBusy);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.state.pulled).toBe(0);
    // Someone else's places are their own.
    expect((await streamedUpload(other.agent, VIDEO, { head: MP4_HEAD, size: MB }).response).status).toBe(
      201,
    );

    // The process that held them died: once they expire, p uploads again, and gives the place back.
    await t.db.execute(
      sql`update upload_places set expires_at = now() - interval '1 second' where person_id = ${p.id}`,
    );
    expect((await streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }).response).status).toBe(201);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from upload_places where person_id = ${p.id}`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('a refused upload over HTTP', () => {
  it('is answered with Connection: close and its socket closed, the rest of its body never read', async () => {
    const [p] = [await signedUpPerson(t)];
    const hold = gate();
    onTestFinished(() => hold.open());
    const held = [0, 1].map(() =>
      streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }, { hold: hold.opened }),
    );
    await expect.poll(() => held.every((h) => h.state.pulled > 0)).toBe(true);

    // The same app over real HTTP, through the Node adapter as in production.
    const sockets: Socket[] = [];
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    onTestFinished(() => void server.close());
    server.on('connection', (s: Socket) => sockets.push(s));
    const { port } = server.address() as AddressInfo;

    // A 40 MB video, sent as fast as the socket takes it, until the server closes the connection.
    const declared = 40 * MB;
    const client = connect(port, '127.0.0.1');
    let answer = '';
    client.setEncoding('latin1');
    client.on('data', (d: string) => (answer += d));
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.on('error', () => {});
    client.write(
      `POST ${VIDEO} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${BASE_URL}\r\n` +
        `X-Forwarded-For: ${p.agent.ip}\r\n` +
        `Cookie: ${[...p.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    const filler = Buffer.alloc(MB, 7);
    let open = true;
    void closed.then(() => (open = false));
    for (let sent = 0; open && sent < declared; sent += MB) {
      if (!client.write(filler.subarray(0, Math.min(MB, declared - sent))))
        await new Promise((r) => client.once('drain', r).once('close', r));
    }
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
    // The server read the headers and what the socket held when it answered, never the 40 MB.
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.bytesRead).toBeLessThan(8 * MB);

    hold.open();
    for (const h of held) expect((await h.response).status).toBe(201);
  });
});

describe('bodies', () => {
  it('an oversized video streams to disk, is refused with 413 once past the limit, and leaves no file', async () => {
    const p = await signedUpPerson(t);
    let seenOnDisk = 0;
    const upload = streamedUpload(
      p.agent,
      VIDEO,
      { head: MP4_HEAD, size: INVESTING.videoMaxBytes + 4 * MB },
      {
        async onPull(pulled) {
          // Halfway: what has arrived is in a temporary file, not in memory.
          if (pulled > 20 * MB && pulled <= 21 * MB) seenOnDisk = Math.max(0, ...(await tempUploads()));
        },
      },
    );
    const res = await upload.response;
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      message: INVESTING_MSG.fileTooLarge,
      fields: { file: INVESTING_MSG.fileSizeMax(INVESTING.videoMaxBytes / MB) },
    });
    expect(seenOnDisk).toBeGreaterThan(15 * MB);
    // Refused at the limit: what was read stops within a chunk or two past it.
    expect(upload.state.pulled).toBeLessThan(INVESTING.videoMaxBytes + 3 * MB);
    expect(await tempUploads()).toEqual([]);
  });

  it('a file sent over HTTP in chunks of every size, boundary split across them, is stored byte for byte', async () => {
    const p = await signedUpPerson(t);
    const base = await t.listen();
    // 3.5 MB: more than a write block (1 MB), so blocks are written whole and the last one partly.
    const bytes = Buffer.concat([MP4_HEAD, randomBytes(3.5 * MB)]);
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
          `Content-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const stored = await new Promise<{ status: number; url?: string }>((resolve, reject) => {
      const req = http.request(
        `${base}${VIDEO}`,
        {
          method: 'POST',
          headers: {
            origin: BASE_URL,
            'x-forwarded-for': p.agent.ip,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'transfer-encoding': 'chunked',
            cookie: [...p.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, ...JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on('error', reject);
      // Chunks of 1 byte to 96 KB, the last ones small enough to split the closing delimiter.
      const sizes = [1, 7, 300, 65_536, 98_304, 13, 40_000];
      let at = 0;
      for (let i = 0; at < body.length - 40; i++) {
        const n = Math.min(sizes[i % sizes.length]!, body.length - 40 - at);
        req.write(body.subarray(at, at + n));
        at += n;
      }
      for (; at < body.length; at += 3) req.write(body.subarray(at, Math.min(at + 3, body.length)));
      req.end();
    });
    expect(stored.status).toBe(201);
    const res = await t.app.request(new URL(stored.url!, BASE_URL).toString());
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a large body of the wrong kind is refused by its first bytes, the rest never read', async () => {
    const p = await signedUpPerson(t);
    const notVideo = streamedUpload(p.agent, VIDEO, { head: await png(), size: 40 * MB });
    const res = await notVideo.response;
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ file: INVESTING_MSG.uploadVideo });
    expect(notVideo.state.pulled).toBeLessThan(3 * MB);
    expect(await tempUploads()).toEqual([]);
  });
});

describe('the unattached quota', () => {
  async function fillLedger(ownerId: string, rows: { bytes: number }[]) {
    for (const r of rows)
      await t.db.execute(
        sql`insert into uploads (id, owner_id, prefix, bytes)
          values (${randomUUID()}, ${ownerId}, ${`files/idea-video/${ownerId}/${randomUUID()}/`}, ${r.bytes})`,
      );
  }

  it('refuses a new upload with 429 and a clear message once a person has 20 files nothing uses', async () => {
    const p = await signedUpPerson(t);
    await fillLedger(
      p.id,
      Array.from({ length: 20 }, () => ({ bytes: MB })),
    );
    const upload = streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB });
    const res = await upload.response;
    expect(res.status).toBe(429);
    expect(res.body.error?.message).toBe(UPLOAD_MSG.unattachedQuota);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(upload.state.pulled).toBe(0);
    // Once they are used (or swept), uploads are taken again.
    await t.db.execute(sql`update uploads set attached_at = now() where owner_id = ${p.id}`);
    expect((await streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }).response).status).toBe(201);
  });

  it('counts bytes too: a few large unused files are enough', async () => {
    const p = await signedUpPerson(t);
    await fillLedger(p.id, [{ bytes: 200 * MB }, { bytes: 50 * MB }]);
    const res = await streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: MB }).response;
    expect(res.status).toBe(429);
    expect(res.body.error?.message).toBe(UPLOAD_MSG.unattachedQuota);
  });

  it('records what each upload takes in the ledger', async () => {
    const p = await signedUpPerson(t);
    const res = await streamedUpload(p.agent, VIDEO, { head: MP4_HEAD, size: 2 * MB }).response;
    expect(res.status).toBe(201);
    const { rows } = await t.db.execute<{ bytes: string }>(
      sql`select bytes::text from uploads where owner_id = ${p.id} and attached_at is null`,
    );
    expect(rows.map((r) => Number(r.bytes))).toEqual([2 * MB]);
  });
});

describe('downloads', () => {
  it("an idea's video is served in exact byte ranges (206), 416 past its end", async () => {
    const founder = await signedUpPerson(t);
    const bytes = Buffer.concat([MP4_HEAD, randomBytes(300_000)]);
    const video = await founder.agent.upload(VIDEO, 'file', bytes, 'clip.mp4', 'video/mp4');
    expect(video.status, video.text).toBe(201);
    await submit(founder, { videoUrl: video.body.url });
    const visitor = t.agent();
    const ranged = async (range: string) => {
      const res = await t.app.request(new URL(video.body.url, BASE_URL).toString(), { headers: { range } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await ranged('bytes=1000-1999');
    expect(first.res.status).toBe(206);
    expect(first.res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(first.body).toEqual(bytes.subarray(1000, 2000));
    const tail = await ranged('bytes=-64');
    expect(tail.res.status).toBe(206);
    expect(tail.body).toEqual(bytes.subarray(bytes.length - 64));
    const past = await ranged(`bytes=${bytes.length}-`);
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const whole = await visitor.get(video.body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
  });

  it('a pitch deck in ranges for a member who may read it; the wrong person gets nothing, ranged or not', async () => {
    const [founder, reader, blocked] = [
      await signedUpPerson(t),
      await signedUpPerson(t),
      await signedUpPerson(t),
    ];
    const deckBytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(100_000),
      Buffer.from('\n%%EOF\n'),
    ]);
    const deck = await founder.agent.upload(
      '/api/investing/uploads/pdf',
      'file',
      deckBytes,
      'deck.pdf',
      'application/pdf',
    );
    expect(deck.status, deck.text).toBe(201);
    const idea = await submit(founder, { pitchDeckUrl: deck.body.url });
    await blocked.agent.post(`/api/connections/${founder.id}/block`);
    const url = `/api/investing/ideas/${idea.id}/pitch-deck`;

    // A PDF viewer's reads: the start, then pieces; one opening.
    const start = await reader.agent.get(url, { range: 'bytes=0-1023' });
    expect(start.status).toBe(206);
    expect(start.headers.get('content-range')).toBe(`bytes 0-1023/${deckBytes.length}`);
    expect(start.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(start.text, 'latin1').subarray(0, 9).toString()).toBe('%PDF-1.4\n');
    const piece = await t.app.request(new URL(url, BASE_URL).toString(), {
      headers: {
        range: 'bytes=50000-50099',
        cookie: [...reader.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(piece.status).toBe(206);
    expect(Buffer.from(await piece.arrayBuffer())).toEqual(deckBytes.subarray(50000, 50100));
    const opens = await founder.agent.get(`${url}/opens`);
    expect(opens.body.items).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: reader.id }), opens: 1 }),
    ]);

    // The wrong people: blocked by the founder, a visitor, and anyone through /files.
    expect((await blocked.agent.get(url, { range: 'bytes=0-99' })).status).toBe(404);
    expect((await t.agent().get(url, { range: 'bytes=0-99' })).status).toBe(401);
    expect((await reader.agent.get(deck.body.url, { range: 'bytes=0-99' })).status).toBe(404);
    expect((await t.agent().get(deck.body.url, { range: 'bytes=0-99' })).status).toBe(404);
  });
});
