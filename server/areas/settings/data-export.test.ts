import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataExportState } from '@common/settings/data-export';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { png } from '../../test/images';
import { readZip } from '../../test/zip';

/* Download your data: built in the background, for its member alone, for 7 days. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedUpPerson>>;

async function download(member: Member, url: string) {
  const res = await t.app.request(`http://localhost:3000${url}`, {
    headers: { cookie: [...member.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function readyExport(member: Member) {
  const started = await member.agent.post<DataExportState>('/api/settings/data-export');
  expect(started.status).toBe(202);
  await t.booted.dataExports.runPending();
  const state = await member.agent.get<DataExportState>('/api/settings/data-export');
  expect(state.body.export).toMatchObject({ status: 'ready', progress: 100 });
  return state.body.export!;
}

describe('Download your data', () => {
  let ada: Member;
  let bob: Member;
  let readyUrl: string;

  beforeAll(async () => {
    ada = await signedUpPerson(t);
    bob = await signedUpPerson(t);
    // Something of hers in several areas: an avatar (a stored file), an article, a message to Bob.
    const avatar = await ada.agent.upload(
      '/api/profiles/me/avatar',
      'file',
      await png(400, 400),
      'me.png',
      'image/png',
    );
    expect(avatar.status).toBe(200);
    expect(
      (
        await ada.agent.post('/api/articles', {
          title: 'My export article',
          content: 'A long enough body for an article in the export.',
          category: 'tech',
          status: 'published',
        })
      ).status,
    ).toBe(201);
    await bob.agent.post(`/api/connections/${ada.id}/request`);
    await ada.agent.post(`/api/connections/${bob.id}/accept`);
  });

  it('starts with no export, builds one in the background with progress, and mails its member', async () => {
    expect((await ada.agent.get('/api/settings/data-export')).body).toEqual({ export: null });
    const started = await ada.agent.post<DataExportState>('/api/settings/data-export');
    expect(started.status).toBe(202);
    expect(started.body.export).toMatchObject({ status: 'queued', progress: 0, downloadUrl: null });
    // One at a time: a second request while it is being prepared is refused.
    const again = await ada.agent.post('/api/settings/data-export');
    expect(again.status).toBe(409);
    await t.booted.dataExports.runPending();
    const state = (await ada.agent.get<DataExportState>('/api/settings/data-export')).body.export!;
    expect(state).toMatchObject({ status: 'ready', progress: 100 });
    expect(new Date(state.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    readyUrl = state.downloadUrl!;
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(ada.email.toLowerCase()) && /ready/i.test(m.subject),
    );
    expect(mail.text).toContain('7 days');
  });

  it('holds the member’s data as JSON, their uploaded files and a README', async () => {
    const res = await download(ada, readyUrl);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const zip = await readZip(res.bytes);
    expect(zip.get('README.txt')!.toString()).toContain('Your Cofound data');
    const profile = JSON.parse(zip.get('profiles/profile.json')!.toString()) as {
      username: string;
      avatar_url: string;
    }[];
    expect(profile[0]!.username).toBe(ada.username);
    const articles = JSON.parse(zip.get('articles/articles.json')!.toString()) as { title: string }[];
    expect(articles.map((a) => a.title)).toEqual(['My export article']);
    const connections = JSON.parse(zip.get('connections/connections.json')!.toString()) as unknown[];
    expect(connections.length).toBeGreaterThan(0);
    for (const part of [
      'messages/messages.json',
      'comments/comments.json',
      'reactions/reactions.json',
      'groups/group-posts.json',
      'forums/forum-posts.json',
      'investing/ideas.json',
      'events/events.json',
      'business-pages/pages.json',
      'business-pages/reviews.json',
      'feed/posts.json',
    ])
      expect(zip.has(part), part).toBe(true);
    // The avatar she uploaded, as stored: a WebP picture under files/.
    const files = [...zip.keys()].filter((k) => k.startsWith('files/images/avatar/'));
    expect(files.length).toBeGreaterThan(0);
    expect(zip.get(files[0]!)!.subarray(8, 12).toString()).toBe('WEBP');
    // No one else's data: Bob's password hash, sessions and email are nowhere in it.
    const all = [...zip.values()].map((b) => b.toString('latin1')).join('\n');
    expect(all).not.toContain(bob.email);
    expect(all).not.toMatch(/session_token|\$argon2|scrypt/);
  });

  it('refuses the link to another member, a visitor, a malformed id and an unknown id', async () => {
    const asBob = await download(bob, readyUrl);
    expect(asBob.status).toBe(404);
    expect(asBob.bytes.toString()).not.toContain('PK');
    // Bob sees no export of his own either.
    expect((await bob.agent.get('/api/settings/data-export')).body).toEqual({ export: null });
    const visitor = await t.agent().get(readyUrl);
    expect(visitor.status).toBe(401);
    expect((await t.agent().get('/api/settings/data-export')).status).toBe(401);
    expect((await t.agent().post('/api/settings/data-export')).status).toBe(401);
    expect((await download(ada, '/api/settings/data-export/not-an-id/download')).status).toBe(404);
    expect((await download(ada, `/api/settings/data-export/${crypto.randomUUID()}/download`)).status).toBe(
      404,
    );
  });

  it('refuses an expired link and sweeps its file', async () => {
    const id = readyUrl.split('/').at(-2)!;
    const file = path.join(t.dataDir, 'exports', `${id}.zip`);
    expect(existsSync(file)).toBe(true);
    await t.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.id, id));
    const expired = await ada.agent.get(readyUrl);
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toMatch(/expired/);
    await t.booted.dataExports.sweep();
    expect(existsSync(file)).toBe(false);
    expect((await ada.agent.get<DataExportState>('/api/settings/data-export')).body.export!.status).toBe(
      'expired',
    );
  });

  it('keeps one export per member: a new one replaces the old, and leftover files are swept', async () => {
    const first = await readyExport(bob);
    const second = await readyExport(bob);
    expect(second.id).not.toBe(first.id);
    expect((await download(bob, first.downloadUrl!)).status).toBe(404);
    expect((await download(bob, second.downloadUrl!)).status).toBe(200);
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.userId, bob.id));
    expect(rows).toHaveLength(1);
    // A crash's leftover in the folder is swept; the live export stays.
    await writeFile(path.join(t.dataDir, 'exports', `${crypto.randomUUID()}.zip.partial`), 'half');
    await t.booted.dataExports.sweep();
    expect(await readdir(path.join(t.dataDir, 'exports'))).toEqual(
      expect.arrayContaining([`${second.id}.zip`]),
    );
    expect((await readdir(path.join(t.dataDir, 'exports'))).filter((n) => n.endsWith('.partial'))).toEqual(
      [],
    );
  });

  it('lets one of two simultaneous first requests in, and tells the other it is under way', async () => {
    const dan = await signedUpPerson(t);
    const answers = await Promise.all([
      dan.agent.post('/api/settings/data-export'),
      dan.agent.post('/api/settings/data-export'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    await t.booted.dataExports.runPending();
  });

  it('builds again after a crash: a build whose process stopped is taken over', async () => {
    const carol = await signedUpPerson(t);
    const started = await carol.agent.post<DataExportState>('/api/settings/data-export');
    const id = started.body.export!.id;
    // Another process claimed it, then died three minutes ago, halfway.
    await t.booted.dataExports.runPending().catch(() => {});
    await t.db
      .update(dataExports)
      .set({ status: 'building', progress: 40, claimedAt: sql`now() - interval '3 minutes'` })
      .where(eq(dataExports.id, id));
    await t.booted.dataExports.runPending();
    const state = (await carol.agent.get<DataExportState>('/api/settings/data-export')).body.export!;
    expect(state).toMatchObject({ id, status: 'ready', progress: 100 });
    // A build another process still holds (a fresh claim) is left alone.
    await t.db
      .update(dataExports)
      .set({ status: 'building', progress: 10, claimedAt: sql`now()` })
      .where(eq(dataExports.id, id));
    expect(await t.booted.dataExports.runPending()).toBe(0);
  });
});
