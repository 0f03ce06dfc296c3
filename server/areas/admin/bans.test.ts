import { ADMIN_MSG, type AdminUserPage } from '@common/admin/model';
import type { ArticlePage } from '@common/articles/model';
import { CLOSE, topic } from '@common/core/realtime';
import type { FeedPage } from '@common/feed/model';
import { MSG } from '@common/core/texts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import {
  Agent,
  createTestApp,
  openSocket,
  type TestApp,
  type TestSocket,
  signedUpPerson,
} from '../../test/harness';
import { eventsOf, settle, socketOf, subscribe, type Person } from '../../test/realtime-kit';
import type { AppDeps } from '../../lib/context';
import { banPerson } from './bans.service';

/*
 * Bans that hold (issue 20, docs/decisions/017): a ban ends every session and live socket within 5 s on
 * every instance, refuses sign-in and every write with a clear message, hides the person's
 * content, keeps one flag, and an unban restores everything.
 */

const WITHIN_MS = 5000;
const ADMIN_EMAIL = `warden-${process.pid}@example.com`;
let t: TestApp;
let admin: Person;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

function closedWithin(s: TestSocket) {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${WITHIN_MS} ms`)), WITHIN_MS);
    s.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function signIn(p: Person) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/sign-in/email', { email: p.email, password: p.password });
  expect(res.status, res.text).toBe(200);
  return agent;
}

const ban = (id: string, reason = 'spam') => admin.agent.post(`/api/admin/users/${id}/ban`, { reason });
const unban = (id: string) => admin.agent.post(`/api/admin/users/${id}/unban`);

async function flags(id: string) {
  const { rows } = await t.db.execute<{ banned: boolean; is_banned: boolean }>(
    sql`select coalesce(u.banned, false) as banned, p.is_banned from users u join profiles p on p.id = u.id where u.id = ${id}`,
  );
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person(ADMIN_EMAIL);
});
afterAll(() => t?.close());

describe('a ban ends sessions and sockets at once', () => {
  it('closes an open socket within 5 s', async () => {
    const p = await person();
    const here = await t.listen();
    const s1 = await socketOf(here, p);
    const s2 = await socketOf(here, { ...p, agent: await signIn(p) });
    const bystander = await socketOf(here, await person());
    const closed = Promise.all([closedWithin(s1), closedWithin(s2)]);
    const res = await ban(p.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ id: p.id, isBanned: true });
    expect(await closed).toEqual([CLOSE.sessionEnded, CLOSE.sessionEnded]);
    // Nobody else is touched.
    bystander.send({ op: 'ping' });
    await bystander.waitFor('pong');
    bystander.close();
    // A new socket is refused: the session is gone.
    const again = await openSocket(here, p.agent);
    expect(again.opened).toEqual({ ok: false, status: 401 });
  });

  it('refuses sign-in and every write with a clear message; the old session reads as a visitor', async () => {
    const p = await person();
    const target = await person();
    // The session is cached by a first request.
    expect((await p.agent.get('/api/me')).body.viewer.id).toBe(p.id);
    expect((await ban(p.id)).status).toBe(200);
    expect((await p.agent.get('/api/me')).body.viewer).toBeNull();
    for (const [url, body] of [
      [
        '/api/articles',
        {
          title: 'Hello there',
          content: 'Some words here.',
          category: 'tech',
          imageUrl: null,
          status: 'published',
        },
      ],
      [`/api/connections/${target.id}/follow`, {}],
      [`/api/connections/${target.id}/request`, {}],
    ] as const) {
      const res = await p.agent.post(url, body);
      expect(res.status, `${url}: ${res.text}`).toBe(401);
    }
    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe(MSG.accountSuspended);
  });

  it('a session that slipped past the ban can only read as a visitor, and writes are refused', async () => {
    const p = await person();
    // A sign-in that raced the ban: the flag is set but the session row survived.
    await t.db.update(users).set({ banned: true }).where(eq(users.id, p.id));
    t.booted.bus.publish({ event: { type: 'sessions.revoked', userIds: [p.id] } });
    await expect.poll(async () => (await p.agent.get('/api/me')).body.viewer).toBeNull();
    const res = await p.agent.post('/api/articles', {
      title: 'Hello there',
      content: 'Some words here.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MSG.accountSuspended);
    await t.db.update(users).set({ banned: false }).where(eq(users.id, p.id));
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('across instances (needs TEST_DATABASE_URL)', () => {
  it("closes the person's socket on another instance within 5 s, and that instance forgets the session", async () => {
    const p = await person();
    const second = await t.startInstance();
    const there = await t.listen(second);
    const s = await socketOf(there, p);
    const onSecond = new Agent(() => second.app, p.agent.ip);
    p.agent.cookies.forEach((v, k) => onSecond.cookies.set(k, v));
    expect((await onSecond.get('/api/me')).body.viewer.id).toBe(p.id);
    const closed = closedWithin(s);
    expect((await ban(p.id)).status).toBe(200);
    expect(await closed).toBe(CLOSE.sessionEnded);
    await expect
      .poll(async () => (await onSecond.get('/api/me')).body.viewer, { timeout: WITHIN_MS })
      .toBeNull();
  });
});

describe('one flag, content hidden, unban restores', () => {
  it('keeps users.banned and profiles.is_banned equal whichever is written', async () => {
    const p = await person();
    await t.db.update(users).set({ banned: true }).where(eq(users.id, p.id));
    expect(await flags(p.id)).toEqual({ banned: true, is_banned: true });
    await t.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, p.id));
    expect(await flags(p.id)).toEqual({ banned: false, is_banned: false });
  });

  it("hides a banned person's content and profile; unbanning restores everything", async () => {
    const p = await person();
    const viewer = await person();
    const created = await p.agent.post('/api/articles', {
      title: `Banned author ${process.pid}`,
      content: 'Some words worth reading.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    });
    expect(created.status, created.text).toBe(201);
    const listed = async () =>
      (await viewer.agent.get<ArticlePage>('/api/articles')).body.items.some((a) => a.id === created.body.id);
    expect(await listed()).toBe(true);

    // The home feed's shared first page (cached for a few seconds) and open feeds, too.
    const inFeed = async () =>
      (await viewer.agent.get<FeedPage>('/api/feed')).body.items.some((i) => i.title === created.body.title);
    expect(await inFeed()).toBe(true);
    const url = await t.listen();
    const watcher = await socketOf(url, viewer);
    await subscribe(watcher, [topic.feed]);

    expect((await ban(p.id)).status).toBe(200);
    expect(await flags(p.id)).toEqual({ banned: true, is_banned: true });
    expect(await listed()).toBe(false);
    expect(await inFeed()).toBe(false);
    await watcher.waitFor('feed.removed', (e) => e.itemIds.length > 0);
    watcher.close();
    expect((await viewer.agent.get(`/api/profiles/${p.id}`)).status).toBe(404);
    // The admin still sees them in the Users tab, marked.
    const users = await admin.agent.get<AdminUserPage>(`/api/admin/users?q=${p.username}`);
    expect(users.body.items[0]).toMatchObject({ id: p.id, isBanned: true });

    const res = await unban(p.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.isBanned).toBe(false);
    expect(await flags(p.id)).toEqual({ banned: false, is_banned: false });
    expect(await listed()).toBe(true);
    expect(await inFeed()).toBe(true);
    expect((await viewer.agent.get(`/api/profiles/${p.id}`)).status).toBe(200);
    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(signIn.status, signIn.text).toBe(200);
  });
});

describe('an unban, live', () => {
  it("tells every open page to refetch so the person's content shows again at once, except people blocked either way with them", async () => {
    const p = await person();
    const bystander = await person();
    const blocker = await person();
    expect((await blocker.agent.post(`/api/connections/${p.id}/block`)).status).toBeLessThan(300);
    expect((await ban(p.id)).status).toBe(200);
    const url = await t.listen();
    const open = await socketOf(url, bystander);
    const hidden = await socketOf(url, blocker);
    expect((await unban(p.id)).status).toBe(200);
    await open.waitFor('person.restored', (e) => e.userId === p.id);
    await settle(hidden);
    expect(eventsOf(hidden, 'person.restored')).toEqual([]);
    open.close();
    hidden.close();
  });
});

describe('who can be banned', () => {
  it('never a super admin, never oneself; twice is the same; unknown is 404', async () => {
    const self = await ban(admin.id);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(ADMIN_MSG.cannotBanSelf);
    const other = await person();
    await admin.agent.post(`/api/admin/users/${other.id}/super-admin`, { isSuperAdmin: true });
    const refused = await ban(other.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ADMIN_MSG.cannotBanAdmin);
    expect(await flags(other.id)).toEqual({ banned: false, is_banned: false });

    const p = await person();
    expect((await ban(p.id)).status).toBe(200);
    expect((await ban(p.id)).status).toBe(200);
    // A banned person is not made an admin (an admin could not be banned).
    const promote = await admin.agent.post(`/api/admin/users/${p.id}/super-admin`, { isSuperAdmin: true });
    expect(promote.status).toBe(409);
    expect(promote.body.error.message).toBe(ADMIN_MSG.unbanFirst);
    expect((await ban('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('banPerson answers what happened, with one audit entry per ban', async () => {
    const p = await person();
    // What banPerson uses of the app's deps (part B calls it from its own routes with all of them).
    const deps = { db: t.db, bus: t.booted.bus, sessions: t.booted.sessions } as unknown as AppDeps;
    const input = { adminId: admin.id, userId: p.id, reason: 'report upheld' };
    const results = await Promise.all([banPerson(deps, input), banPerson(deps, input)]);
    expect(results.sort()).toEqual(['already-banned', 'banned']);
    expect(await banPerson(deps, { ...input, userId: admin.id })).toBe('refused');
    expect(await banPerson(deps, { ...input, userId: '00000000-0000-4000-8000-000000000000' })).toBe(
      'not-found',
    );
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from admin_actions where action = 'user.ban' and target_id = ${p.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
