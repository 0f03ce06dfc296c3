import { ADMIN, ADMIN_MSG, ADMIN_TOPIC, type AdminUserPage, type AuditPage } from '@common/admin/model';
import type { AdminArticlePage, AdminStats } from '@common/admin/model';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';
import { socketOf, subscribe } from '../../test/realtime-kit';

/*
 * The admin API (issue 20 part A): every endpoint refuses visitors (401) and members (403); the
 * Users, Articles and Audit log tabs; password resets, roles and deletion. Bans: bans.test.ts.
 */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string; email: string; password: string };
const ADMIN_EMAIL = `root-${process.pid}@example.com`;

const person = (overrides: Partial<{ username: string; email: string }> = {}): Promise<Person> =>
  signedUpPerson(t, overrides);

let admin: Person;
let member: Person;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person({ email: ADMIN_EMAIL });
  member = await person();
});
afterAll(() => t?.close());

/** Every admin endpoint, with a valid body, against a real target. */
function endpoints(targetId: string, articleId: string): [string, string, unknown?][] {
  return [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users?q=a'],
    ['POST', `/api/admin/users/${targetId}/ban`, { reason: 'x' }],
    ['POST', `/api/admin/users/${targetId}/unban`, {}],
    ['POST', `/api/admin/users/${targetId}/delete`, { confirmUsername: 'x' }],
    ['POST', `/api/admin/users/${targetId}/password`, { newPassword: 'brand-new-pass-9' }],
    ['POST', `/api/admin/users/${targetId}/super-admin`, { isSuperAdmin: true }],
    ['GET', '/api/admin/articles'],
    ['DELETE', `/api/admin/articles/${articleId}`],
    ['GET', '/api/admin/audit'],
  ];
}

async function publishArticle(p: Person, content = 'An article body. '.repeat(20)) {
  const res = await p.agent.post('/api/articles', {
    title: 'A field report',
    content,
    category: 'business',
    imageUrl: null,
    status: 'published',
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('every admin endpoint refuses anyone but a super admin', () => {
  it('visitors get 401, members 403, and nothing changes', async () => {
    const target = await person();
    const articleId = await publishArticle(target);
    const visitor = t.agent();
    for (const [method, url, body] of endpoints(target.id, articleId)) {
      const v = await visitor.request(method, url, body);
      expect(v.status, `${method} ${url} as a visitor`).toBe(401);
      const m = await member.agent.request(method, url, body);
      expect(m.status, `${method} ${url} as a member`).toBe(403);
      if (m.status === 403) expect(m.body.error.message).toBe(ADMIN_MSG.noPermission);
    }
    // Still there, not banned, not an admin, same password, article kept.
    const me = await target.agent.get('/api/me');
    expect(me.body.viewer.profile.isSuperAdmin).toBe(false);
    expect((await target.agent.get(`/api/articles/${articleId}`)).status).toBe(200);
  });

  it('malformed and unknown ids are 404 for an admin, never 500', async () => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      for (const [method, url, body] of endpoints(id, id).filter(([, u]) => u.includes(id))) {
        const res = await admin.agent.request(method, url, body);
        expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
      }
    }
  });

  it('the dashboard topic is for super admins only', async () => {
    const url = await t.listen();
    const m = await socketOf(url, member);
    expect((await subscribe(m, [ADMIN_TOPIC])).refused).toEqual([ADMIN_TOPIC]);
    const a = await socketOf(url, admin);
    expect((await subscribe(a, [ADMIN_TOPIC])).topics).toEqual([ADMIN_TOPIC]);
    // A new member's confirmed address reaches the admin's dashboard live.
    const from = a.events.length;
    await person();
    await a.waitFor('admin.changed', (e) => e.part === 'users' && a.events.indexOf(e) >= from);
    m.close();
    a.close();
  });
});

describe('the dashboard', () => {
  it('stat cards count live figures', async () => {
    const before = (await admin.agent.get<AdminStats>('/api/admin/stats')).body;
    const p = await person();
    await publishArticle(p);
    const after = await admin.agent.get<AdminStats>('/api/admin/stats');
    expect(after.status).toBe(200);
    expect(after.body.members).toBe(before.members + 1);
    expect(after.body.newMembersThisWeek).toBe(before.newMembersThisWeek + 1);
    expect(after.body.articles).toBe(before.articles + 1);
    expect(after.body).toMatchObject({ pendingReviews: expect.any(Number), openReports: expect.any(Number) });
  });
});

describe('Users tab', () => {
  it('lists people newest first, by cursor, searchable, with the Super Admin badge', async () => {
    const tag = `zq${process.pid}x`;
    const made: Person[] = [];
    for (let i = 0; i < 3; i++) made.push(await person({ username: `${tag}_${i}` }));
    const first = await admin.agent.get<AdminUserPage>(`/api/admin/users?q=${tag}&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((u) => u.username)).toEqual([`${tag}_2`, `${tag}_1`]);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await admin.agent.get<AdminUserPage>(
      `/api/admin/users?q=${tag}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((u) => u.username)).toEqual([`${tag}_0`]);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.items[0]).toMatchObject({
      id: made[0]!.id,
      email: made[0]!.email.toLowerCase(),
      isBanned: false,
      isSuperAdmin: false,
    });
    // By email too; the admin carries the badge.
    const byMail = await admin.agent.get<AdminUserPage>(
      `/api/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`,
    );
    expect(byMail.body.items).toEqual([expect.objectContaining({ id: admin.id, isSuperAdmin: true })]);
    // LIKE wildcards are literal.
    expect((await admin.agent.get<AdminUserPage>('/api/admin/users?q=%25%25')).body.items).toEqual([]);
    expect((await admin.agent.get('/api/admin/users?cursor=bogus')).status).toBe(400);
  });

  it('resets a password (required), ends the old sessions and records it', async () => {
    const p = await person();
    const empty = await admin.agent.post(`/api/admin/users/${p.id}/password`, { newPassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(ADMIN_MSG.enterNewPassword);
    const res = await admin.agent.post(`/api/admin/users/${p.id}/password`, {
      newPassword: 'brand-new-pass-9',
    });
    expect(res.status, res.text).toBe(200);
    expect((await p.agent.get('/api/me')).body.viewer).toBeNull();
    const old = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(old.status).toBe(401);
    const fresh = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: p.email, password: 'brand-new-pass-9' });
    expect(fresh.status, fresh.text).toBe(200);
    const audit = await admin.agent.get<AuditPage>('/api/admin/audit');
    expect(audit.body.items[0]).toMatchObject({
      action: 'user.password',
      targetId: p.id,
      targetName: p.username,
      admin: { id: admin.id },
    });
  });

  it('grants and removes super admin; nobody removes their own', async () => {
    const p = await person();
    const grant = await admin.agent.post(`/api/admin/users/${p.id}/super-admin`, { isSuperAdmin: true });
    expect(grant.status, grant.text).toBe(200);
    expect(grant.body.user.isSuperAdmin).toBe(true);
    expect((await p.agent.get('/api/admin/stats')).status).toBe(200);
    const self = await p.agent.post(`/api/admin/users/${p.id}/super-admin`, { isSuperAdmin: false });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(ADMIN_MSG.cannotDemoteSelf);
    const revoke = await admin.agent.post(`/api/admin/users/${p.id}/super-admin`, { isSuperAdmin: false });
    expect(revoke.body.user.isSuperAdmin).toBe(false);
    expect((await p.agent.get('/api/admin/stats')).status).toBe(403);
  });

  it('deletes a person after the username is typed, never a super admin', async () => {
    const p = await person();
    await publishArticle(p);
    const wrong = await admin.agent.post(`/api/admin/users/${p.id}/delete`, { confirmUsername: 'someone' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(ADMIN_MSG.deleteConfirmMismatch);
    const refused = await admin.agent.post(`/api/admin/users/${admin.id}/delete`, {
      confirmUsername: admin.username,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ADMIN_MSG.cannotDeleteAdmin);
    const other = await person();
    await admin.agent.post(`/api/admin/users/${other.id}/super-admin`, { isSuperAdmin: true });
    const refusedToo = await admin.agent.post(`/api/admin/users/${other.id}/delete`, {
      confirmUsername: other.username,
    });
    expect(refusedToo.status).toBe(403);

    const res = await admin.agent.post(`/api/admin/users/${p.id}/delete`, { confirmUsername: p.username });
    expect(res.status, res.text).toBe(200);
    // The settings area's deletion ran: signed out, the profile anonymised, the articles gone.
    expect((await p.agent.get('/api/me')).body.viewer).toBeNull();
    const { rows } = await t.db.execute<{ deleted: boolean; articles: number }>(
      sql`select (select deleted_at is not null from profiles where id = ${p.id}) as deleted,
        (select count(*)::int from articles where author_id = ${p.id}) as articles`,
    );
    expect(rows[0]).toEqual({ deleted: true, articles: 0 });
    const list = await admin.agent.get<AdminUserPage>(`/api/admin/users?q=${p.username}`);
    expect(list.body.items).toEqual([]);
    expect(
      (await admin.agent.post(`/api/admin/users/${p.id}/delete`, { confirmUsername: p.username })).status,
    ).toBe(404);
    const audit = await admin.agent.get<AuditPage>('/api/admin/audit');
    // Named as they were, not by the placeholder their deletion left.
    expect(audit.body.items[0]).toMatchObject({
      action: 'user.delete',
      targetId: p.id,
      targetName: p.username,
    });
  });
});

describe('Articles tab', () => {
  it('lists articles with a 100-character excerpt and deletes one with its feed items and reactions', async () => {
    const p = await person();
    const id = await publishArticle(p, 'x'.repeat(300));
    const liked = await member.agent.request('PUT', `/api/reactions/article/${id}/like`, { active: true });
    expect(liked.status, liked.text).toBe(200);
    const list = await admin.agent.get<AdminArticlePage>('/api/admin/articles?limit=1');
    expect(list.status, list.text).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      id,
      excerpt: 'x'.repeat(ADMIN.excerptLength),
      likes: 1,
      author: { id: p.id, username: p.username },
    });
    // The tab names people by full name first (null when they set none).
    expect(list.body.items[0]!.author!.fullName).toBeNull();
    await t.db.execute(sql`update profiles set full_name = 'Avery Author' where id = ${p.id}`);
    const named = await admin.agent.get<AdminArticlePage>('/api/admin/articles?limit=1');
    expect(named.body.items[0]!.author!.fullName).toBe('Avery Author');
    expect(list.body.nextCursor).toBeTruthy();
    const count = async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select ((select count(*) from feed_items where content_id = ${id}) +
          (select count(*) from reactions where content_id = ${id}))::int as n`,
      );
      return rows[0]!.n;
    };
    expect(await count()).toBeGreaterThan(0);
    const res = await admin.agent.request('DELETE', `/api/admin/articles/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(await count()).toBe(0);
    expect((await admin.agent.request('DELETE', `/api/admin/articles/${id}`)).status).toBe(404);
    const audit = await admin.agent.get<AuditPage>('/api/admin/audit?limit=1');
    expect(audit.body.items[0]).toMatchObject({
      action: 'article.delete',
      targetId: id,
      targetName: 'A field report',
    });
    expect(audit.body.nextCursor).toBeTruthy();
  });
});

describe('Audit log tab', () => {
  it('pages every entry once, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: AuditPage; status: number } = await admin.agent.get<AuditPage>(
        `/api/admin/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((e) => e.createdAt + e.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_actions`);
    expect(seen.length).toBe(rows[0]!.n);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });
});
