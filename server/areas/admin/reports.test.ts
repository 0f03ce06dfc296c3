import { randomUUID } from 'node:crypto';
import type { Report, ReportPage } from '@common/admin/moderation';
import { MESSAGING_MSG } from '@common/messages/model';
import type { NotificationPage } from '@common/notifications/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';
import { countOpenReports } from './moderation-counts';

/*
 * Members' reports and the Reports tab's API (issue 20 part B): who may report what (what the
 * reporter cannot see is a 404), one open report per person per thing, the hourly limit, resolving
 * by removal, ban or dismissal, the reporters' notifications, and two admins at once.
 */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };
const ADMIN_EMAIL = `reports-chief-${process.pid}@example.com`;
const ADMIN2_EMAIL = `reports-deputy-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
let admin2: Person;
let author: Person;
let reader: Person;
let visitor: Agent;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL, ADMIN2_EMAIL] });
  [admin, admin2, author, reader] = [
    await person(ADMIN_EMAIL),
    await person(ADMIN2_EMAIL),
    await person(),
    await person(),
  ];
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

async function article(p: Person, status: 'published' | 'draft' = 'published'): Promise<string> {
  const res = await p.agent.post('/api/articles', {
    title: `Notes ${randomUUID().slice(0, 6)}`,
    content: 'A few paragraphs about building things with other people.',
    category: 'tech',
    imageUrl: null,
    status,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function comment(p: Person, articleId: string, content = 'This is a rude comment.'): Promise<string> {
  const res = await p.agent.post(`/api/comments/article/${articleId}`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const report = (p: Person | Agent, body: Record<string, unknown>) =>
  ('agent' in p ? p.agent : p).post('/api/reports', { reason: 'spam', ...body });

const resolve = (p: Person, id: string, body: Record<string, unknown>) =>
  p.agent.post(`/api/admin/reports/${id}/resolve`, body);

async function openReports(): Promise<Report[]> {
  const res = await admin.agent.get<ReportPage>('/api/admin/reports?status=open&limit=50');
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

async function outcomes(p: Person) {
  const res = await p.agent.get<NotificationPage>('/api/notifications');
  return res.body.items.filter((n) => n.type === 'moderation');
}

describe('who may do what', () => {
  it('visitors may not report; visitors and members may not read or resolve reports', async () => {
    const id = await article(author);
    expect((await report(visitor, { targetType: 'article', targetId: id })).status).toBe(401);
    const made = await report(reader, { targetType: 'article', targetId: id });
    expect(made.status, made.text).toBe(201);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/reports?status=resolved'],
      ['POST', `/api/admin/reports/${made.body.id}/resolve`, { action: 'dismiss' }],
      ['POST', `/api/admin/reports/${made.body.id}/resolve`, { action: 'nonsense' }],
      ['POST', `/api/admin/reports/not-a-uuid/resolve`, { action: 'dismiss' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await visitor.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await reader.agent.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await author.agent.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await openReports()).some((r) => r.id === made.body.id)).toBe(true);
  });

  it('one open report per person per thing; never one of one’s own', async () => {
    const id = await article(author);
    expect((await report(reader, { targetType: 'article', targetId: id })).status).toBe(201);
    const again = await report(reader, { targetType: 'article', targetId: id, reason: 'harassment' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already reported this.');
    const own = await report(author, { targetType: 'article', targetId: id });
    expect(own.status).toBe(403);
    expect((await report(admin, { targetType: 'article', targetId: id })).status).toBe(201);
  });

  it('refuses bad input: unknown type, reason, long details, extra fields', async () => {
    const id = await article(author);
    const bad = [
      { targetType: 'event', targetId: id },
      { targetType: 'article', targetId: id, reason: 'boring' },
      { targetType: 'article', targetId: id, details: 'x'.repeat(501) },
      { targetType: 'article', targetId: id, ownerId: author.id },
      { targetType: 'article', targetId: 'not-a-uuid' },
    ];
    for (const body of bad) expect((await report(reader, body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('what the reporter cannot see is a 404', () => {
  it('a missing thing, a draft, a message between others, a pending review, a person who blocked them', async () => {
    const outsider = await person();
    const draft = await article(author, 'draft');
    const [msg] = (
      await t.db.execute<{ id: string }>(
        sql`insert into messages (sender_id, receiver_id, content) values (${author.id}, ${admin.id}, 'Private words')
          returning id::text as id`,
      )
    ).rows;
    const ownerOfPage = await person();
    const pageRes = await ownerOfPage.agent.post('/api/business-pages', {
      name: `Reports Bakery ${randomUUID().slice(0, 6)}`,
      category: 'Restaurant',
      description: 'Bread and more bread, every single morning.',
      website: '',
      email: '',
      phone: '',
      address: '',
      hours: '',
    });
    expect(pageRes.status, pageRes.text).toBe(201);
    const reviewRes = await author.agent.post(`/api/business-pages/${pageRes.body.id}/reviews`, {
      rating: 1,
      title: 'Not good',
      content: 'The bread was stale and the coffee cold.',
    });
    expect(reviewRes.status, reviewRes.text).toBe(201);
    const blocker = await person();
    expect((await blocker.agent.post(`/api/connections/${outsider.id}/block`)).status).toBeLessThan(300);

    const cases: [string, string][] = [
      ['article', randomUUID()],
      ['article', draft],
      ['comment', randomUUID()],
      ['message', msg!.id],
      ['review', reviewRes.body.id],
      ['profile', blocker.id],
      ['group_post', randomUUID()],
      ['business_post', randomUUID()],
    ];
    for (const [targetType, targetId] of cases) {
      const res = await report(outsider, { targetType, targetId });
      expect(res.status, `${targetType}: ${res.text}`).toBe(404);
    }
    // Once approved, the review may be reported; the message may be by its recipient.
    await admin.agent.post('/api/admin/reviews/moderate', { ids: [reviewRes.body.id], status: 'approved' });
    expect((await report(outsider, { targetType: 'review', targetId: reviewRes.body.id })).status).toBe(201);
    expect((await report(admin, { targetType: 'message', targetId: msg!.id })).status).toBe(201);
    expect((await report(outsider, { targetType: 'profile', targetId: author.id })).status).toBe(201);
  });

  it('limits reports per person per hour', async () => {
    const busy = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await report(busy, { targetType: 'profile', targetId: author.id })).status);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 20).every((s) => s === 409)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the Reports tab', () => {
  it('lists open reports newest first with reporter, author and excerpt, paged by cursor', async () => {
    const id = await article(author);
    const c = await comment(author, id, 'Buy cheap watches at example dot com');
    const made = await report(reader, {
      targetType: 'comment',
      targetId: c,
      reason: 'spam',
      details: 'Selling watches',
    });
    const first = await admin.agent.get<ReportPage>('/api/admin/reports?limit=1');
    expect(first.body.items[0]).toMatchObject({
      id: made.body.id,
      targetType: 'comment',
      targetId: c,
      reason: 'spam',
      details: 'Selling watches',
      excerpt: 'Buy cheap watches at example dot com',
      // 'View' opens the comment itself.
      link: `/articles/${id}#comment-${c}`,
      reporter: { id: reader.id, username: reader.username },
      owner: { id: author.id },
      status: 'open',
      canRemove: true,
    });
    expect(first.body.nextCursor).toBeTruthy();
    const next = await admin.agent.get<ReportPage>(
      `/api/admin/reports?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(next.body.items[0]!.id).not.toBe(made.body.id);
    expect(await countOpenReports(t.db)).toBe((await openReports()).length);
    expect((await admin.agent.get('/api/admin/reports?cursor=zzz')).status).toBe(400);
  });
});

describe('resolving', () => {
  it('names the resolving admin by their full name too, when they set one', async () => {
    const id = await article(author);
    const made = await report(reader, { targetType: 'article', targetId: id, reason: 'spam' });
    expect(made.status, made.text).toBe(201);
    await t.db.execute(sql`update profiles set full_name = '  Riley Resolver ' where id = ${admin2.id}`);
    try {
      const res = await resolve(admin2, made.body.id, { action: 'dismiss' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.resolvedBy).toEqual({
        id: admin2.id,
        username: admin2.username,
        fullName: 'Riley Resolver',
      });
    } finally {
      await t.db.execute(sql`update profiles set full_name = null where id = ${admin2.id}`);
    }
  });

  it('removes a reported comment through the comments area, tells each reporter once, closes all', async () => {
    const id = await article(author);
    const c = await comment(author, id);
    const second = await person();
    const r1 = await report(reader, { targetType: 'comment', targetId: c, reason: 'harassment' });
    const r2 = await report(second, { targetType: 'comment', targetId: c });
    const before = (await outcomes(reader)).length;

    const res = await resolve(admin, r1.body.id, { action: 'remove', note: 'Rude' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', action: 'remove', note: 'Rude' });
    expect(res.body.resolvedBy).toEqual({ id: admin.id, username: admin.username });

    const comments = await reader.agent.get(`/api/comments/article/${id}`);
    expect(JSON.stringify(comments.body)).not.toContain(c);
    const open = await openReports();
    expect(open.some((r) => r.id === r1.body.id || r.id === r2.body.id)).toBe(false);
    const resolved = await admin.agent.get<ReportPage>('/api/admin/reports?status=resolved');
    expect(resolved.body.items.find((r) => r.id === r2.body.id)?.action).toBe('remove');

    const told = await outcomes(reader);
    expect(told).toHaveLength(before + 1);
    expect(told[0]!.message).toBe('We reviewed the comment you reported. The content was removed.');
    expect(await outcomes(second)).toHaveLength(1);

    // The second admin, later: already handled, nobody told twice.
    const late = await resolve(admin2, r2.body.id, { action: 'dismiss' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This was already handled by another admin.');
    expect(await outcomes(reader)).toHaveLength(before + 1);
  });

  it('two admins at once on the same report: one wins, one notification', async () => {
    const id = await article(author);
    const reporter = await person();
    const made = await report(reporter, { targetType: 'article', targetId: id });
    const [a, b] = await Promise.all([
      resolve(admin, made.body.id, { action: 'remove' }),
      resolve(admin2, made.body.id, { action: 'dismiss' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await outcomes(reporter)).toHaveLength(1);
  });

  it('removes an article through the articles area', async () => {
    const id = await article(author);
    const made = await report(reader, { targetType: 'article', targetId: id, reason: 'misinformation' });
    expect((await resolve(admin, made.body.id, { action: 'remove' })).status).toBe(200);
    expect((await reader.agent.get(`/api/articles/${id}`)).status).toBe(404);
  });

  it('removes a group post through the groups area and a business post through the business-pages area', async () => {
    const group = await author.agent.post('/api/groups', {
      name: `Reported makers ${randomUUID().slice(0, 6)}`,
      description: 'People who build things together on weekends.',
      coverImage: null,
    });
    expect(group.status, group.text).toBe(201);
    const post = await author.agent.post(`/api/groups/${group.body.id}/posts`, {
      content: 'Buy my course now, only today!',
      imageUrl: null,
    });
    expect(post.status, post.text).toBe(201);
    const made = await report(reader, { targetType: 'group_post', targetId: post.body.id });
    expect(made.status, made.text).toBe(201);
    expect((await resolve(admin, made.body.id, { action: 'remove' })).status).toBe(200);
    const posts = await author.agent.get(`/api/groups/${group.body.id}/posts`);
    expect(posts.body.items.some((p: { id: string }) => p.id === post.body.id)).toBe(false);

    const page = await author.agent.post('/api/business-pages', {
      name: `Reported shop ${randomUUID().slice(0, 6)}`,
      category: 'Retail',
      description: 'Things for sale, some of them real.',
      website: '',
      email: '',
      phone: '',
      address: '',
      hours: '',
    });
    expect(page.status, page.text).toBe(201);
    const bpost = await author.agent.post(`/api/business-pages/${page.body.id}/posts`, {
      content: 'Spam offer',
    });
    expect(bpost.status, bpost.text).toBe(201);
    const r2 = await report(reader, { targetType: 'business_post', targetId: bpost.body.id });
    expect(r2.status, r2.text).toBe(201);
    expect((await resolve(admin2, r2.body.id, { action: 'remove' })).status).toBe(200);
    const bposts = await reader.agent.get(`/api/business-pages/${page.body.id}/posts`);
    expect(JSON.stringify(bposts.body)).not.toContain(bpost.body.id);
  });

  it('bans the author of a reported profile; a super admin cannot be banned and the report stays open', async () => {
    const troll = await person();
    const made = await report(reader, { targetType: 'profile', targetId: troll.id, reason: 'harassment' });
    const res = await resolve(admin, made.body.id, { action: 'ban', note: 'Repeated abuse' });
    expect(res.status, res.text).toBe(200);
    const [row] = (
      await t.db.execute<{ is_banned: boolean }>(sql`select is_banned from profiles where id = ${troll.id}`)
    ).rows;
    expect(row!.is_banned).toBe(true);
    expect((await outcomes(reader))[0]!.message).toBe(
      "We reviewed the profile you reported. The content's author was banned.",
    );

    const onAdmin = await report(reader, { targetType: 'profile', targetId: admin2.id });
    const refused = await resolve(admin, onAdmin.body.id, { action: 'ban' });
    expect(refused.status).toBe(403);
    expect((await openReports()).some((r) => r.id === onAdmin.body.id)).toBe(true);
  });

  it('removes a reported message (its words replaced for both people); only an admin may', async () => {
    const sender = await person();
    const [sent] = (
      await t.db.execute<{ id: string }>(
        sql`insert into messages (sender_id, receiver_id, content)
          values (${sender.id}, ${reader.id}, 'Buy my course or else') returning id::text as id`,
      )
    ).rows;
    const messageId = sent!.id;
    const made = await report(reader, { targetType: 'message', targetId: messageId, reason: 'spam' });
    expect(made.status, made.text).toBe(201);
    const listed = (await openReports()).find((r) => r.id === made.body.id);
    expect(listed?.canRemove).toBe(true);
    // Not an admin: the reporter, the sender, a visitor.
    for (const who of [reader.agent, sender.agent, visitor]) {
      const res = await who.post(`/api/admin/reports/${made.body.id}/resolve`, { action: 'remove' });
      expect([401, 403, 404]).toContain(res.status);
    }
    const [before] = (
      await t.db.execute<{ content: string }>(sql`select content from messages where id = ${messageId}`)
    ).rows;
    expect(before!.content).toBe('Buy my course or else');
    const res = await resolve(admin, made.body.id, { action: 'remove' });
    expect(res.status, res.text).toBe(200);
    const [after] = (
      await t.db.execute<{ content: string }>(sql`select content from messages where id = ${messageId}`)
    ).rows;
    expect(after!.content).toBe(MESSAGING_MSG.removedByModerator);
    expect((await outcomes(reader))[0]!.message).toBe(
      'We reviewed the message you reported. The content was removed.',
    );
  });

  it('dismisses; remove does not apply to a profile; unknown reports are 404', async () => {
    const someone = await person();
    const made = await report(reader, { targetType: 'profile', targetId: someone.id });
    const remove = await resolve(admin, made.body.id, { action: 'remove' });
    expect(remove.status).toBe(400);
    const dismissed = await resolve(admin, made.body.id, { action: 'dismiss' });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.action).toBe('dismiss');
    expect((await outcomes(reader))[0]!.message).toBe(
      'We reviewed the profile you reported. No rule was broken.',
    );
    expect((await resolve(admin, randomUUID(), { action: 'dismiss' })).status).toBe(404);
    expect((await resolve(admin, 'nope', { action: 'dismiss' })).status).toBe(404);
    // Once resolved, the same person may report the same thing again.
    expect((await report(reader, { targetType: 'profile', targetId: someone.id })).status).toBe(201);
  });
});
