import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';
import { png } from '../../test/images';
import { sweepUnattachedUploads } from '../../platform/upload-ledger';

/*
 * Issue 13, hole 8 and the sweep of hole 5: what a person leaves behind. Deleting an account takes
 * every file they uploaded, used or not; others' notifications stop naming them; a friends-only
 * person's bio stays out of the people lists strangers read; uploads nobody used are swept.
 */

let t: TestApp;
type Person = { agent: Agent; id: string; password: string };

const person = (): Promise<Person> => signedUpPerson(t);

const jpeg = (w = 1200, h = 800) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

async function articleImage(p: Person) {
  const res = await p.agent.upload<{ url: string }>(
    '/api/articles/images',
    'file',
    await jpeg(),
    'a.jpg',
    'image/jpeg',
  );
  expect(res.status).toBe(201);
  return res.body.url;
}

/** Stored files under a person's folders (every preset). */
async function filesOf(userId: string) {
  const dir = path.join(t.dataDir, 'files', 'images');
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.includes(userId) && e.endsWith('.webp'));
}

const publish = (p: Person, imageUrl: string | null = null) =>
  p.agent.post<{ id: string }>('/api/articles', {
    title: 'Notes from the workshop',
    content: 'A few paragraphs about **building** things with other people.',
    category: 'tech',
    imageUrl,
    status: 'published',
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a deleted account leaves nothing behind', () => {
  it('removes every file the person uploaded, used by an article, unused, or a profile picture', async () => {
    const gone = await person();
    const used = await articleImage(gone);
    await articleImage(gone); // never used by anything
    expect((await publish(gone, used)).status).toBe(201);
    expect(
      (await gone.agent.upload('/api/profiles/me/cover', 'file', await png(1600, 600), 'c.png', 'image/png'))
        .status,
    ).toBe(200);
    const before = await filesOf(gone.id);
    // Two article images (two copies each) and a cover (two copies).
    expect(before.length).toBe(6);

    const res = await gone.agent.post('/api/account/delete', { password: gone.password });
    expect(res.status).toBe(200);
    expect(await filesOf(gone.id)).toEqual([]);
    const { rows } = await t.db.execute(sql`select 1 from uploads where owner_id = ${gone.id}`);
    expect(rows).toHaveLength(0);
  });

  it('others’ notifications stop naming the deleted person, and their bell is told', async () => {
    const [gone, stays] = [await person(), await person()];
    expect((await gone.agent.post(`/api/connections/${stays.id}/follow`)).status).toBe(200);
    const list = async () =>
      (
        await stays.agent.get<{ items: { actor: { id: string } | null; message: string }[] }>(
          '/api/notifications',
        )
      ).body.items;
    const before = await list();
    const naming = before
      .filter((n) => n.actor?.id === gone.id)
      .map((n) => (n as unknown as { id: string }).id);
    expect(naming.length).toBeGreaterThan(0);
    const socket = await openSocket(await t.listen(), stays.agent);
    await socket.waitFor('hello');

    expect((await gone.agent.post('/api/account/delete', { password: gone.password })).status).toBe(200);
    const told = await socket.waitFor('notification.read');
    expect(told.ids).toEqual(expect.arrayContaining(naming));
    socket.close();
    const after = await list();
    expect(after.some((n) => n.actor?.id === gone.id)).toBe(false);
    const { rows } = await t.db.execute(sql`select 1 from notifications where actor_id = ${gone.id}`);
    expect(rows).toHaveLength(0);
  });
});

describe('a friends-only person’s bio', () => {
  it('is not in the person summaries strangers read (article authors, follower lists)', async () => {
    const [privateOne, stranger, friend] = [await person(), await person(), await person()];
    const bio = `Only for friends ${Math.random()}`;
    expect((await privateOne.agent.request('PATCH', '/api/profiles/me', { bio })).status).toBe(200);
    expect((await privateOne.agent.request('PATCH', '/api/settings', { profileVisible: false })).status).toBe(
      200,
    );
    const article = await publish(privateOne);
    expect(article.status).toBe(201);
    // friend follows the private person; the stranger reads the friend's following list.
    expect((await friend.agent.post(`/api/connections/${privateOne.id}/follow`)).status).toBe(200);

    const seen = await stranger.agent.get(`/api/articles/${article.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(bio);
    const lists = await stranger.agent.get(`/api/profiles/${friend.id}/connections?list=following`);
    expect(lists.status).toBe(200);
    expect(lists.text).toContain(privateOne.id);
    expect(lists.text).not.toContain(bio);
    const feed = await stranger.agent.get('/api/feed');
    expect(feed.text).not.toContain(bio);

    // With the profile public again, the bio is part of the summary (the rule is not "never").
    expect((await privateOne.agent.request('PATCH', '/api/settings', { profileVisible: true })).status).toBe(
      200,
    );
    expect((await stranger.agent.get(`/api/articles/${article.body.id}`)).text).toContain(bio);
  });
});

describe('uploads nobody uses', () => {
  it('are swept after the time limit; uploads an article shows stay', async () => {
    const p = await person();
    const unused = await articleImage(p);
    const used = await articleImage(p);
    expect((await publish(p, used)).status).toBe(201);
    const deps = { db: t.db, storage: t.booted.storage, logger: t.booted.logger };

    // Young uploads are left alone.
    expect(await sweepUnattachedUploads(deps)).toBe(0);
    expect(await filesOf(p.id)).toHaveLength(4);

    const swept = await sweepUnattachedUploads(deps, { olderThanMs: 0 });
    expect(swept).toBeGreaterThanOrEqual(1);
    const left = await filesOf(p.id);
    expect(left).toHaveLength(2);
    const folder = (url: string) => url.split('/').at(-2)!;
    expect(left.every((f) => f.includes(folder(used)))).toBe(true);
    expect(left.some((f) => f.includes(folder(unused)))).toBe(false);
    // An article can no longer take the swept image.
    expect((await publish(p, unused)).status).toBe(400);
  });

  it('the maintenance round sweeps them too', async () => {
    await t.db.execute(
      sql`update uploads set created_at = now() - interval '2 days' where attached_at is null`,
    );
    const p = await person();
    const stale = await articleImage(p);
    await t.db.execute(
      sql`update uploads set created_at = now() - interval '2 days' where attached_at is null`,
    );
    await t.booted.maintenance.run();
    expect((await filesOf(p.id)).some((f) => f.includes(stale.split('/').at(-2)!))).toBe(false);
  });
});
