import { randomUUID } from 'node:crypto';
import type { ModerationReviewPage, ReviewStats } from '@common/business-pages/model';
import type { BusinessPage, BusinessReviewList } from '@common/business-pages/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';
import { eventsOf, settle, socketOf, subscribe } from '../../test/realtime-kit';
import { countPendingReviews } from './moderation-counts';

/*
 * The Reviews tab's API (issue 20 part B): the queue by status, single and bulk moderation with a
 * note and a reason, moderator and time recorded, statistics, refusal for visitors and members,
 * two admins at once, and the live topic.
 */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };
const ADMIN_EMAIL = `mod-chief-${process.pid}@example.com`;
const ADMIN2_EMAIL = `mod-deputy-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
let admin2: Person;
let owner: Person;
let member: Person;
let visitor: Agent;
let page: BusinessPage;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL, ADMIN2_EMAIL] });
  [admin, admin2, owner, member] = [
    await person(ADMIN_EMAIL),
    await person(ADMIN2_EMAIL),
    await person(),
    await person(),
  ];
  visitor = t.agent();
  const res = await owner.agent.post<BusinessPage>('/api/business-pages', {
    name: `Quay Coffee ${randomUUID().slice(0, 6)}`,
    category: 'Restaurant',
    description: 'Coffee by the quay, roasted on the premises.',
    website: '',
    email: '',
    phone: '',
    address: '',
    hours: '',
  });
  expect(res.status, res.text).toBe(201);
  page = res.body;
});
afterAll(async () => {
  await t?.close();
});

/** A new member writes a review of the page: it waits, pending. */
async function review(title = 'Lovely flat white'): Promise<string> {
  const writer = await person();
  const res = await writer.agent.post(`/api/business-pages/${page.id}/reviews`, {
    rating: 4,
    title,
    content: 'Friendly people and a very good flat white.',
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.status).toBe('pending');
  return res.body.id as string;
}

const moderate = (p: Person, body: Record<string, unknown>) =>
  p.agent.post('/api/admin/reviews/moderate', body);

describe('who may moderate', () => {
  it('refuses visitors (401) and members (403) on every endpoint, whatever they send', async () => {
    const id = await review();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/admin/reviews?status=pending'],
      ['GET', '/api/admin/reviews/stats'],
      ['POST', '/api/admin/reviews/moderate', { ids: [id], status: 'approved' }],
      ['POST', '/api/admin/reviews/moderate', { nonsense: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await visitor.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await member.agent.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      // The page's owner is no moderator either.
      expect((await owner.agent.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    const queue = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=pending');
    expect(queue.body.items.find((r) => r.id === id)?.status).toBe('pending');
  });
});

describe('the queue', () => {
  it('lists by status with author and page, pages by cursor, and counts by status', async () => {
    const before = (await admin.agent.get<ReviewStats>('/api/admin/reviews/stats')).body;
    const ids = [
      await review('First of three'),
      await review('Second of three'),
      await review('Third of three'),
    ];
    const stats = (await admin.agent.get<ReviewStats>('/api/admin/reviews/stats')).body;
    expect(stats.pending).toBe(before.pending + 3);
    expect(stats.total).toBe(before.total + 3);
    expect(await countPendingReviews(t.db)).toBe(stats.pending);

    const first = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=pending&limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0]).toMatchObject({
      id: ids[2],
      title: 'Third of three',
      page: { id: page.id, name: page.name },
      status: 'pending',
      moderatedBy: null,
    });
    expect(first.body.nextCursor).toBeTruthy();
    const second = await admin.agent.get<ModerationReviewPage>(
      `/api/admin/reviews?status=pending&limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(second.body.items[0]!.id).toBe(ids[0]);

    const bad = await admin.agent.get('/api/admin/reviews?status=archived');
    expect(bad.status).toBe(400);
    const badCursor = await admin.agent.get('/api/admin/reviews?cursor=zzz');
    expect(badCursor.status).toBe(400);
  });
});

describe('moderating', () => {
  it('approves one review: moderator, time, note recorded, and the page shows it', async () => {
    const id = await review('Approve me please');
    const hidden = await visitor.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`);
    expect(hidden.body.items.some((r) => r.id === id)).toBe(false);

    const res = await moderate(admin, { ids: [id], status: 'approved', note: 'Looks genuine' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: [id], alreadyHandled: [] });

    const shown = await visitor.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`);
    expect(shown.body.items.some((r) => r.id === id)).toBe(true);
    const queue = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=approved');
    const row = queue.body.items.find((r) => r.id === id)!;
    expect(row.moderatedBy).toEqual({ id: admin.id, username: admin.username });
    expect(row.note).toBe('Looks genuine');
    expect(Date.now() - Date.parse(row.moderatedAt!)).toBeLessThan(60_000);
  });

  it('puts an approved review back to pending (the page hides it again); the page owner and a member may not (403), a visitor 401', async () => {
    const id = await review('Back to the queue');
    expect((await moderate(admin, { ids: [id], status: 'approved' })).status).toBe(200);
    for (const who of [owner, member])
      expect((await moderate(who, { ids: [id], status: 'pending' })).status).toBe(403);
    expect((await visitor.post('/api/admin/reviews/moderate', { ids: [id], status: 'pending' })).status).toBe(
      401,
    );
    const stillShown = await visitor.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`);
    expect(stillShown.body.items.some((r) => r.id === id)).toBe(true);

    const res = await moderate(admin2, { ids: [id], status: 'pending' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: [id], alreadyHandled: [] });
    const hidden = await visitor.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`);
    expect(hidden.body.items.some((r) => r.id === id)).toBe(false);
    const queue = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=pending');
    expect(queue.body.items.find((r) => r.id === id)?.moderatedBy).toEqual({
      id: admin2.id,
      username: admin2.username,
    });
  });

  it('names the moderating admin by their full name too, when they set one', async () => {
    const id = await review('Named moderator');
    await t.db.execute(sql`update profiles set full_name = 'Morgan Reviewer' where id = ${admin2.id}`);
    try {
      expect((await moderate(admin2, { ids: [id], status: 'approved' })).status).toBe(200);
      const queue = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=approved');
      expect(queue.body.items.find((r) => r.id === id)?.moderatedBy).toEqual({
        id: admin2.id,
        username: admin2.username,
        fullName: 'Morgan Reviewer',
      });
    } finally {
      await t.db.execute(sql`update profiles set full_name = null where id = ${admin2.id}`);
    }
  });

  it('flags and rejects in bulk with a note and a reason; unknown ids are ignored', async () => {
    const ids = [await review('Bulk one'), await review('Bulk two'), await review('Bulk three')];
    const res = await moderate(admin, {
      ids: [...ids, randomUUID()],
      status: 'flagged',
      note: 'Same wording three times',
      reason: 'Possible fake reviews',
    });
    expect(res.status, res.text).toBe(200);
    expect([...res.body.updated].sort()).toEqual([...ids].sort());
    const flagged = await admin.agent.get<ModerationReviewPage>('/api/admin/reviews?status=flagged');
    for (const id of ids)
      expect(flagged.body.items.find((r) => r.id === id)).toMatchObject({
        status: 'flagged',
        reason: 'Possible fake reviews',
        note: 'Same wording three times',
      });
    // Any status from any status.
    const rejected = await moderate(admin2, { ids, status: 'rejected' });
    expect(rejected.body.updated).toHaveLength(3);
    const again = await admin2.agent.get<ModerationReviewPage>('/api/admin/reviews?status=rejected');
    expect(again.body.items.find((r) => r.id === ids[0])!.moderatedBy!.id).toBe(admin2.id);
  });

  it('refuses bad input: no ids, too many, a bad status', async () => {
    expect((await moderate(admin, { ids: [], status: 'approved' })).status).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID());
    expect((await moderate(admin, { ids: many, status: 'approved' })).status).toBe(400);
    expect((await moderate(admin, { ids: [randomUUID()], status: 'deleted' })).status).toBe(400);
    expect((await moderate(admin, { ids: ['not-a-uuid'], status: 'approved' })).status).toBe(400);
    expect((await moderate(admin, { ids: [randomUUID()], status: 'approved' })).status).toBe(404);
  });

  it('two admins at once: one wins, the other is told it was already handled', async () => {
    const id = await review('Raced review');
    const [a, b] = await Promise.all([
      moderate(admin, { ids: [id], status: 'approved' }),
      moderate(admin2, { ids: [id], status: 'approved' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.message).toBe('This was already handled by another admin.');
    // In bulk, the handled one is named and the rest go through.
    const other = await review('Raced review two');
    const bulk = await moderate(admin2, { ids: [id, other], status: 'approved' });
    expect(bulk.body).toEqual({ updated: [other], alreadyHandled: [id] });
  });
});

describe('live', () => {
  it('tells admins on moderation:all; members may not follow it', async () => {
    const base = await t.listen();
    const asKit = (p: Person) => ({ ...p, email: '', password: '' });
    const chief = await socketOf(base, asKit(admin));
    await subscribe(chief, ['moderation:all']);
    const someone = await socketOf(base, asKit(member));
    const answer = await subscribe(someone, ['moderation:all']);
    expect(answer.refused).toEqual(['moderation:all']);

    // A new review shows in the queue at once, and so does another admin's decision.
    const id = await review('Live one');
    await chief.waitFor('moderation.changed', (e) => e.part === 'reviews');
    const seen = chief.events.length;
    await moderate(admin2, { ids: [id], status: 'approved' });
    await expect.poll(() => eventsOf(chief, 'moderation.changed', seen).length).toBeGreaterThan(0);
    await settle(someone);
    expect(eventsOf(someone, 'moderation.changed')).toHaveLength(0);
    chief.ws.close();
    someone.ws.close();
  });
});
