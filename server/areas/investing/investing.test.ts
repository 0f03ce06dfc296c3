import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  IDEA_INQUIRY_KIND,
  INVESTING,
  INDUSTRIES,
  INVESTING_MSG,
  type Idea,
  type IdeaIndustries,
  type IdeaPage,
  type IdeaUpdatePage,
} from '@common/investing/model';
import type { CreateIdea } from '@common/investing/schemas';
import { addMarkdownSiteOrigin } from '@common/core/api-links';
import { NOTIFICATION_TEXT, type NotificationPage } from '@common/notifications/model';
import type { SearchPage } from '@common/search/model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { png, svgWithScript, textFile } from '../../test/images';
import { eventsOf, settle, socketOf, subscribe } from '../../test/realtime-kit';
import { ideaListQuery } from './ideas.service';
import { ideaSearch } from './investing.register';

let t: TestApp;
type Person = { agent: Agent; id: string; username: string; email: string; password: string };

const ADMIN_EMAIL = `investing-chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person(ADMIN_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

const fields = (o: Partial<CreateIdea> = {}): CreateIdea => ({
  title: 'Solar kiosks for rural clinics',
  description: 'Pay-as-you-go solar kiosks that keep vaccines cold in clinics off the grid.',
  fundingGoal: 50_000,
  industry: 'energy',
  equityOffered: 10,
  risk: 'medium',
  location: 'Nairobi, Kenya',
  ...o,
});

async function submit(p: Person, o: Partial<CreateIdea> = {}): Promise<Idea> {
  const res = await p.agent.post<Idea>('/api/investing/ideas', fields(o));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function list(agent: Agent, query: Record<string, string | number> = {}): Promise<IdeaPage> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await agent.get<IdeaPage>(`/api/investing/ideas?${qs}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

const fieldError = (res: { status: number; body: { error?: { fields?: Record<string, string> } } }) => ({
  status: res.status,
  fields: res.body.error?.fields,
});

async function notifications(agent: Agent) {
  const res = await agent.get<NotificationPage>('/api/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

async function search(agent: Agent, q: string): Promise<string[]> {
  const res = await agent.get<SearchPage>(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results.filter((r) => r.type === 'business_idea').map((r) => r.id);
}

/** A file whose first bytes say MP4 (an ISO BMFF ftyp box, brand isom). */
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
    Buffer.alloc(2048, 1),
  ]);
const pdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

describe('validation', () => {
  it('refuses every field out of bounds with the spec texts', async () => {
    const p = await person();
    const cases: [Partial<CreateIdea> & Record<string, unknown>, string, string][] = [
      [{ title: 'Shop' }, 'title', INVESTING_MSG.titleMin],
      [{ title: '   Shop   ' }, 'title', INVESTING_MSG.titleMin],
      [{ title: 'x'.repeat(101) }, 'title', INVESTING_MSG.titleMax],
      [{ description: 'Too short to say much'.slice(0, 19) }, 'description', INVESTING_MSG.descriptionMin],
      [{ fundingGoal: 999 }, 'fundingGoal', INVESTING_MSG.fundingGoalMin],
      [{ fundingGoal: 'lots' as unknown as number }, 'fundingGoal', INVESTING_MSG.fundingGoalMin],
      [{ industry: '' as never }, 'industry', INVESTING_MSG.industryRequired],
      [{ industry: 'ecommerce' as never }, 'industry', INVESTING_MSG.industryRequired],
      [{ equityOffered: 0 }, 'equityOffered', INVESTING_MSG.equityRange],
      [{ equityOffered: 100.1 }, 'equityOffered', INVESTING_MSG.equityRange],
      [{ equityOffered: 12.34 }, 'equityOffered', INVESTING_MSG.equityStep],
    ];
    for (const [o, field, message] of cases) {
      const res = await p.agent.post('/api/investing/ideas', fields(o));
      expect({ o, ...fieldError(res) }).toEqual({ o, status: 400, fields: { [field]: message } });
    }
    // The edges that pass: goal 1000, equity 0.1 and 100, risk defaulting to medium, no location.
    const { risk: _r, location: _l, ...rest } = fields({ fundingGoal: 1000, equityOffered: 0.1 });
    const ok = await p.agent.post<Idea>('/api/investing/ideas', rest);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({
      fundingGoal: 1000,
      equityOffered: 0.1,
      risk: 'medium',
      fundingReceived: 0,
    });
    expect(
      (await submit(p, { equityOffered: 100, fundingGoal: '2500' as unknown as number })).fundingGoal,
    ).toBe(2500);
    expect((await submit(p, { equityOffered: null })).equityOffered).toBeNull();
  });

  it('refuses updates and funding out of bounds with the spec texts', async () => {
    const p = await person();
    const idea = await submit(p);
    const update = (body: object) => p.agent.post(`/api/investing/ideas/${idea.id}/updates`, body);
    expect(fieldError(await update({ title: 'Hi', content: 'Long enough content.' }))).toEqual({
      status: 400,
      fields: { title: INVESTING_MSG.updateTitleMin },
    });
    expect(fieldError(await update({ title: 'Hello', content: 'Too short' }))).toEqual({
      status: 400,
      fields: { content: INVESTING_MSG.updateContentMin },
    });
    const funding = (body: object) => p.agent.request('PUT', `/api/investing/ideas/${idea.id}/funding`, body);
    expect(fieldError(await funding({ fundingReceived: -0.01 }))).toEqual({
      status: 400,
      fields: { fundingReceived: INVESTING_MSG.fundingMin },
    });
    expect(fieldError(await funding({ fundingReceived: 10.001 }))).toEqual({
      status: 400,
      fields: { fundingReceived: INVESTING_MSG.fundingStep },
    });
  });
});

describe('who may do what', () => {
  it('visitors are refused every route; malformed and unknown ids are 404', async () => {
    const p = await person();
    const idea = await submit(p);
    const visitor = t.agent();
    const routes: [string, string, object?][] = [
      ['GET', '/api/investing/ideas'],
      ['POST', '/api/investing/ideas', fields()],
      ['GET', `/api/investing/ideas/${idea.id}`],
      ['PATCH', `/api/investing/ideas/${idea.id}`, fields()],
      ['DELETE', `/api/investing/ideas/${idea.id}`],
      ['PUT', `/api/investing/ideas/${idea.id}/funding`, { fundingReceived: 5 }],
      ['PUT', `/api/investing/ideas/${idea.id}/follow`],
      ['GET', `/api/investing/ideas/${idea.id}/updates`],
      [
        'POST',
        `/api/investing/ideas/${idea.id}/updates`,
        { title: 'Update', content: 'Something happened.' },
      ],
      ['GET', `/api/investing/ideas/${idea.id}/pitch-deck`],
      ['GET', `/api/investing/ideas/${idea.id}/pitch-deck/opens`],
    ];
    for (const [method, url, body] of routes) {
      const res = await visitor.request(method, url, body);
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 401 });
    }
    const upload = await visitor.upload(
      '/api/investing/uploads/image',
      'file',
      await png(),
      'a.png',
      'image/png',
    );
    expect(upload.status).toBe(401);
    for (const bad of ['not-a-uuid', '1', randomUUID()]) {
      for (const [method, path, body] of routes.slice(2)) {
        const url = path!.replace(idea.id, bad);
        const res = await p.agent.request(method!, url, body);
        expect({ url, method, status: res.status }).toEqual({ url, method, status: 404 });
      }
    }
    const missing = await p.agent.get(`/api/investing/ideas/${randomUUID()}`);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: INVESTING_MSG.notFound } });
  });

  it('only the founder edits, funds and adds updates; another member and a super admin get 404', async () => {
    const [founder, member] = [await person(), await person()];
    const idea = await submit(founder);
    const edit = {
      ...fields({ title: 'Solar kiosks, second draft' }),
      website: 'https://example.com',
      industry: 'ecommerce',
    };
    delete (edit as Record<string, unknown>).imageUrl;
    for (const other of [member, admin]) {
      expect((await other.agent.request('PATCH', `/api/investing/ideas/${idea.id}`, edit)).status).toBe(404);
      expect(
        (await other.agent.request('PUT', `/api/investing/ideas/${idea.id}/funding`, { fundingReceived: 1 }))
          .status,
      ).toBe(404);
      expect(
        (
          await other.agent.post(`/api/investing/ideas/${idea.id}/updates`, {
            title: 'Fake',
            content: 'Not the founder.',
          })
        ).status,
      ).toBe(404);
      expect((await other.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck/opens`)).status).toBe(404);
    }
    const after = await founder.agent.get<Idea>(`/api/investing/ideas/${idea.id}`);
    expect(after.body).toMatchObject({ title: idea.title, fundingReceived: 0, isOwner: true });
    expect((await member.agent.get<Idea>(`/api/investing/ideas/${idea.id}`)).body.isOwner).toBe(false);

    // The founder's own edit: the edit form's list (E-commerce) and the website.
    const edited = await founder.agent.request<Idea>('PATCH', `/api/investing/ideas/${idea.id}`, edit);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Solar kiosks, second draft',
      industry: 'ecommerce',
      website: 'https://example.com',
    });
    const badSite = await founder.agent.request('PATCH', `/api/investing/ideas/${idea.id}`, {
      ...edit,
      website: 'javascript:alert(1)',
    });
    expect(fieldError(badSite)).toEqual({ status: 400, fields: { website: INVESTING_MSG.websiteInvalid } });
  });

  it('deleting: the founder or a super admin; another member who can see it gets 403', async () => {
    const [founder, member] = [await person(), await person()];
    const a = await submit(founder);
    const b = await submit(founder);
    expect((await member.agent.request('DELETE', `/api/investing/ideas/${a.id}`)).status).toBe(403);
    expect((await founder.agent.request('DELETE', `/api/investing/ideas/${a.id}`)).status).toBe(200);
    expect((await admin.agent.request('DELETE', `/api/investing/ideas/${b.id}`)).status).toBe(200);
    for (const id of [a.id, b.id]) {
      expect((await founder.agent.get(`/api/investing/ideas/${id}`)).status).toBe(404);
      const feed = await t.db.execute(
        sql`select 1 from feed_items where type = 'business_idea' and content_id = ${id}`,
      );
      expect(feed.rows).toHaveLength(0);
    }
  });
});

describe('funding', () => {
  it('the founder sets the amount received as an absolute value, cents kept, past the goal allowed', async () => {
    const founder = await person();
    const idea = await submit(founder, { fundingGoal: 1000 });
    const set = async (fundingReceived: number | string) => {
      const res = await founder.agent.request<Idea>('PUT', `/api/investing/ideas/${idea.id}/funding`, {
        fundingReceived,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.fundingReceived;
    };
    expect(await set(999)).toBe(999);
    expect(await set(1000)).toBe(1000);
    expect(await set(1_500_000)).toBe(1_500_000);
    expect(await set('1234.56')).toBe(1234.56);
    expect(await set(0)).toBe(0);
    // Absolute, not added: setting 250 twice is 250.
    await set(250);
    expect(await set(250)).toBe(250);
    const [row] = await t.db
      .execute<{ r: string }>(
        sql`select funding_received::text as r from business_ideas where id = ${idea.id}`,
      )
      .then((r) => r.rows);
    expect(row?.r).toBe('250.00');
  });
});

describe('the board', () => {
  it('tabs filter by industry, newest first, paged by a cursor', async () => {
    const p = await person();
    const tech = [
      await submit(p, { industry: 'tech', title: 'Tech idea one' }),
      await submit(p, { industry: 'tech', title: 'Tech idea two' }),
    ];
    const fin = await submit(p, { industry: 'finance' });
    const health = await submit(p, { industry: 'healthcare' });
    const mine = (page: IdeaPage) =>
      ids(page.items).filter((id) => [...ids(tech), fin.id, health.id].includes(id));
    expect(mine(await list(p.agent, { tab: 'tech', author: p.id }))).toEqual([tech[1]!.id, tech[0]!.id]);
    expect(mine(await list(p.agent, { tab: 'finance', author: p.id }))).toEqual([fin.id]);
    expect(mine(await list(p.agent, { tab: 'healthcare', author: p.id }))).toEqual([health.id]);
    expect(mine(await list(p.agent, { author: p.id }))).toEqual([
      health.id,
      fin.id,
      tech[1]!.id,
      tech[0]!.id,
    ]);
    // Pages of one: every idea once, in order.
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page: IdeaPage = await list(p.agent, { author: p.id, limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([health.id, fin.id, tech[1]!.id, tech[0]!.id]);
    expect((await p.agent.get('/api/investing/ideas?tab=mining')).status).toBe(400);
    expect((await p.agent.get('/api/investing/ideas?cursor=nonsense')).status).toBe(400);
  });

  it('the tabs are the industries with ideas the viewer may read, in the submit form’s order', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const industries = async (agent: Agent) => {
      const res = await agent.get<IdeaIndustries>('/api/investing/industries');
      expect(res.status, res.text).toBe(200);
      return res.body.industries;
    };
    expect(await industries(c.agent)).not.toContain('agriculture');
    await submit(a, { industry: 'agriculture', title: 'Vertical farms in old car parks' });
    await submit(a, { industry: 'tech', title: 'Sensor kits for vertical farms' });
    const seen = await industries(c.agent);
    expect(seen).toEqual(expect.arrayContaining(['agriculture', 'tech']));
    // In the submit form's order, each once, and never an industry without ideas.
    expect(seen).toEqual(INDUSTRIES.filter((i) => seen.includes(i)));
    const present = await t.db
      .execute<{ industry: string }>(sql`select distinct industry from business_ideas`)
      .then((r) => r.rows.map((row) => row.industry));
    expect(present).toEqual(expect.arrayContaining(seen));
    // Someone A blocked sees no tab for A's ideas alone.
    expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
    expect(await industries(b.agent)).not.toContain('agriculture');
    expect(await industries(c.agent)).toContain('agriculture');
    expect((await t.agent().get('/api/investing/industries')).status).toBe(401);
  });

  it('a website typed without https:// is completed; other schemes and this site’s API are refused', async () => {
    const p = await person();
    // This site, as the server knows it from BASE_URL and its other origins.
    addMarkdownSiteOrigin('https://cofound-investing.example.com');
    const idea = await submit(p);
    const edit = (website: string) =>
      p.agent.request('PATCH', `/api/investing/ideas/${idea.id}`, {
        ...fields(),
        industry: 'tech',
        website,
      });
    for (const [typed, stored] of [
      ['harbour-sensors.example.com/about', 'https://harbour-sensors.example.com/about'],
      ['  www.example.org ', 'https://www.example.org'],
      ['http://plain.example.com', 'http://plain.example.com'],
    ]) {
      const res = await edit(typed!);
      expect(res.status, res.text).toBe(200);
      expect(res.body.website).toBe(stored);
    }
    for (const website of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example.com',
      '//evil.example.com',
      '/api/auth/sign-out',
      'cofound-investing.example.com/api/auth/sign-out',
      'https://cofound-investing.example.com/%61pi/auth/sign-out',
      'not a url',
    ]) {
      expect(fieldError(await edit(website)), website).toEqual({
        status: 400,
        fields: { website: INVESTING_MSG.websiteInvalid },
      });
    }
  });

  it('a submitted idea is on the feed (business_idea, linking to its page) and in search', async () => {
    const p = await person();
    const other = await person();
    const idea = await submit(p, { title: 'Quokkaware pet trackers' });
    const [item] = await t.db
      .execute<{ link: string; user_id: string; category: string }>(
        sql`select link, user_id::text as user_id, category from feed_items where type = 'business_idea' and content_id = ${idea.id}`,
      )
      .then((r) => r.rows);
    expect(item).toEqual({ link: `/investing/${idea.id}`, user_id: p.id, category: 'investing' });
    expect(await search(other.agent, 'quokkaware')).toContain(idea.id);
    expect(await search(other.agent, 'trackers')).toContain(idea.id);
  });
});

describe('blocks, bans and deletion', () => {
  it('blocked either way: neither sees, follows, contacts nor gets updates of the other', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const byA = await submit(a, { title: 'Xylograph printing studio' });
    const byB = await submit(b, { title: 'Xylograph paper mill' });
    expect((await b.agent.request('PUT', `/api/investing/ideas/${byA.id}/follow`)).status).toBe(200);
    expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
    for (const [viewer, hidden] of [
      [a, byB],
      [b, byA],
    ] as const) {
      expect(ids((await list(viewer.agent, { limit: 50 })).items)).not.toContain(hidden.id);
      expect((await list(viewer.agent, { author: hidden.author.id })).items).toEqual([]);
      for (const url of [`/api/investing/ideas/${hidden.id}`, `/api/investing/ideas/${hidden.id}/updates`]) {
        expect((await viewer.agent.get(url)).status).toBe(404);
      }
      expect((await viewer.agent.request('PUT', `/api/investing/ideas/${hidden.id}/follow`)).status).toBe(
        404,
      );
      expect(await search(viewer.agent, 'xylograph')).not.toContain(hidden.id);
      const inquiry = await viewer.agent.post('/api/messages', {
        receiverId: hidden.author.id,
        clientId: randomUUID(),
        content: 'Still interested?',
        inquiry: { kind: IDEA_INQUIRY_KIND, id: hidden.id },
      });
      expect(inquiry.status).toBe(403);
    }
    // B still follows A's idea in the table, but hears nothing of A's update.
    const update = await a.agent.post(`/api/investing/ideas/${byA.id}/updates`, {
      title: 'Press run',
      content: 'First prints are out.',
    });
    expect(update.status).toBe(201);
    expect((await notifications(b.agent)).filter((n) => n.relatedId === byA.id)).toEqual([]);
    expect(ids((await list(c.agent, { limit: 50 })).items)).toEqual(expect.arrayContaining([byA.id, byB.id]));
  });

  it("a banned founder's ideas are hidden; a deleted account takes its ideas, feed items and follows", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const video = await a.agent.upload(
      '/api/investing/uploads/video',
      'file',
      mp4(),
      'clip.mp4',
      'video/mp4',
    );
    const deck = await a.agent.upload(
      '/api/investing/uploads/pdf',
      'file',
      pdf(),
      'deck.pdf',
      'application/pdf',
    );
    const image = await a.agent.upload(
      '/api/investing/uploads/image',
      'file',
      await png(),
      'x.png',
      'image/png',
    );
    const byA = await submit(a, {
      videoUrl: video.body.url,
      pitchDeckUrl: deck.body.url,
      imageUrl: image.body.url,
    });
    const byB = await submit(b);
    const filesOfA = async () =>
      (await readdir(path.join(t.dataDir, 'files'), { recursive: true }).catch(() => [] as string[])).filter(
        (e) => e.includes(a.id) && /\.(mp4|pdf|webp)$/.test(e),
      );
    expect((await filesOfA()).length).toBe(4);
    await a.agent.request('PUT', `/api/investing/ideas/${byB.id}/follow`);
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, a.id));
    expect((await c.agent.get(`/api/investing/ideas/${byA.id}`)).status).toBe(404);
    await t.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, a.id));
    expect((await c.agent.get(`/api/investing/ideas/${byA.id}`)).status).toBe(200);

    const res = await a.agent.post('/api/account/delete', { password: a.password });
    expect(res.status, res.text).toBe(200);
    expect(await filesOfA()).toEqual([]);
    const left = await t.db.execute(sql`select
      (select count(*)::int from business_ideas where user_id = ${a.id}) as ideas,
      (select count(*)::int from feed_items where type = 'business_idea' and content_id = ${byA.id}) as feed,
      (select count(*)::int from business_idea_followers where user_id = ${a.id}) as follows`);
    expect(left.rows[0]).toEqual({ ideas: 0, feed: 0, follows: 0 });
    expect((await c.agent.get(`/api/investing/ideas/${byB.id}`)).body.followers).toBe(0);
  });
});

describe('inquiries', () => {
  it('a member contacts the founder through messages; the founder sees the inquiry and a New Business Inquiry notice', async () => {
    const [founder, member, stranger] = [await person(), await person(), await person()];
    const idea = await submit(founder, { title: 'Tidewater ferries' });
    const send = (from: Person, o: Record<string, unknown> = {}) =>
      from.agent.post('/api/messages', {
        receiverId: founder.id,
        clientId: randomUUID(),
        content: '  I would like to hear more about the round.  ',
        inquiry: { kind: IDEA_INQUIRY_KIND, id: idea.id },
        ...o,
      });
    const sent = await send(member);
    expect(sent.status, sent.text).toBe(201);
    const inbox = await founder.agent.get('/api/messages/inquiries');
    expect(inbox.body.items[0]).toMatchObject({
      content: 'I would like to hear more about the round.',
      inquiry: { kind: 'business_idea', id: idea.id },
      senderId: member.id,
    });
    const [notice] = (await notifications(founder.agent)).filter((n) => n.type === 'business_inquiry');
    expect(notice).toMatchObject({ title: NOTIFICATION_TEXT.businessInquiry.title });
    expect(notice!.message).toContain('"Tidewater ferries"');
    // The founder cannot inquire about their own idea; an inquiry naming someone else as the founder fails.
    expect(
      (
        await founder.agent.post('/api/messages', {
          receiverId: founder.id,
          clientId: randomUUID(),
          content: 'me',
          inquiry: { kind: IDEA_INQUIRY_KIND, id: idea.id },
        })
      ).status,
    ).toBe(400);
    expect((await send(stranger, { receiverId: member.id })).status).toBe(400);
    expect((await send(stranger, { inquiry: { kind: IDEA_INQUIRY_KIND, id: randomUUID() } })).status).toBe(
      400,
    );
    expect((await send(stranger, { content: '   ' })).status).toBe(400);
    // As the wrong person: an idea the sender may not see (its founder banned) is refused as missing.
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, founder.id));
    expect((await member.agent.get(`/api/investing/ideas/${idea.id}`)).status).toBe(404);
    const hidden = await send(member);
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.message).toBe(INVESTING_MSG.inquiryNotFound);
    await t.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, founder.id));
  });
});

describe('updates and followers', () => {
  it('followers are notified of each update, never of their own; updates page newest first', async () => {
    const [founder, fan, other] = [await person(), await person(), await person()];
    const idea = await submit(founder, { title: 'Moss walls for offices' });
    const follow = await fan.agent.request<Idea>('PUT', `/api/investing/ideas/${idea.id}/follow`);
    expect(follow.body).toMatchObject({ isFollowing: true, followers: 1 });
    // Following one's own idea does nothing.
    expect(
      (await founder.agent.request<Idea>('PUT', `/api/investing/ideas/${idea.id}/follow`)).body.followers,
    ).toBe(1);
    for (const n of [1, 2, 3]) {
      const res = await founder.agent.post(`/api/investing/ideas/${idea.id}/updates`, {
        title: `Update ${n}`,
        content: `Progress report number ${n}.`,
      });
      expect(res.status, res.text).toBe(201);
    }
    const notes = (await notifications(fan.agent)).filter((n) => n.relatedId === idea.id);
    expect(notes.map((n) => n.message)).toEqual(
      [3, 2, 1].map((n) => INVESTING_MSG.newUpdateText('Moss walls for offices', `Update ${n}`)),
    );
    expect(notes[0]).toMatchObject({ type: 'business_action', link: `/investing/${idea.id}` });
    expect((await notifications(other.agent)).filter((n) => n.relatedId === idea.id)).toEqual([]);
    expect((await notifications(founder.agent)).filter((n) => n.relatedId === idea.id)).toEqual([]);

    const first = await other.agent.get<IdeaUpdatePage>(`/api/investing/ideas/${idea.id}/updates?limit=2`);
    expect(first.body.items.map((u) => u.title)).toEqual(['Update 3', 'Update 2']);
    const second = await other.agent.get<IdeaUpdatePage>(
      `/api/investing/ideas/${idea.id}/updates?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body).toMatchObject({ items: [{ title: 'Update 1' }], nextCursor: null });

    await fan.agent.request('DELETE', `/api/investing/ideas/${idea.id}/follow`);
    await founder.agent.post(`/api/investing/ideas/${idea.id}/updates`, {
      title: 'Update 4',
      content: 'Nobody follows now.',
    });
    expect((await notifications(fan.agent)).filter((n) => n.relatedId === idea.id)).toHaveLength(3);
  });
});

describe('uploads', () => {
  it('the picture: an image of at most 5 MB, re-encoded; anything else refused by its content', async () => {
    const p = await person();
    const ok = await p.agent.upload(
      '/api/investing/uploads/image',
      'file',
      await png(),
      'x.png',
      'image/png',
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.url).toMatch(/^\/files\/images\/content\/.+\.webp$/);
    const svg = await p.agent.upload(
      '/api/investing/uploads/image',
      'file',
      svgWithScript,
      'x.png',
      'image/png',
    );
    expect(svg.body).toEqual({
      error: {
        code: 'VALIDATION',
        message: INVESTING_MSG.invalidFileType,
        fields: { file: INVESTING_MSG.uploadImage },
      },
    });
    const big = Buffer.concat([await png(), Buffer.alloc(INVESTING.imageMaxBytes)]);
    const tooBig = await p.agent.upload('/api/investing/uploads/image', 'file', big, 'x.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({
      message: INVESTING_MSG.fileTooLarge,
      fields: { file: INVESTING_MSG.fileSizeMax(5) },
    });
    const bigDeck = Buffer.concat([pdf(), Buffer.alloc(INVESTING.pdfMaxBytes)]);
    const deckTooBig = await p.agent.upload(
      '/api/investing/uploads/pdf',
      'file',
      bigDeck,
      'd.pdf',
      'application/pdf',
    );
    expect(deckTooBig.status).toBe(413);
    expect(deckTooBig.body.error.fields).toEqual({ file: INVESTING_MSG.fileSizeMax(20) });
    const none = await p.agent.request('POST', '/api/investing/uploads/image', new FormData());
    expect(none.body.error.message).toBe(INVESTING_MSG.selectFile);
    expect((await p.agent.upload('/api/investing/uploads/exe', 'file', textFile, 'x', 'x')).status).toBe(404);

    const idea = await submit(p, { imageUrl: ok.body.url });
    expect(idea.imageUrl).toBe(ok.body.url);
    // Someone else's upload is refused.
    const other = await person();
    const theft = await other.agent.post('/api/investing/ideas', fields({ imageUrl: ok.body.url }));
    expect(fieldError(theft)).toEqual({ status: 400, fields: { imageUrl: INVESTING_MSG.mediaNotUploaded } });
  });

  it('videos and update media: checked by their first bytes, not their names', async () => {
    const p = await person();
    const video = await p.agent.upload(
      '/api/investing/uploads/video',
      'file',
      mp4(),
      'clip.mp4',
      'video/mp4',
    );
    expect(video.status, video.text).toBe(201);
    expect(video.body).toMatchObject({
      mediaType: 'video',
      url: expect.stringMatching(/^\/files\/files\/idea-video\/.+\/file\.mp4$/),
    });
    const fake = await p.agent.upload(
      '/api/investing/uploads/video',
      'file',
      textFile,
      'clip.mp4',
      'video/mp4',
    );
    expect(fake.body.error).toMatchObject({
      message: INVESTING_MSG.invalidFileType,
      fields: { file: INVESTING_MSG.uploadVideo },
    });
    const media = await p.agent.upload(
      '/api/investing/uploads/media',
      'file',
      textFile,
      'a.png',
      'image/png',
    );
    expect(media.body.error).toMatchObject({
      message: INVESTING_MSG.invalidFileType,
      fields: { file: INVESTING_MSG.uploadImageOrVideo },
    });
    const served = await t.agent().get(video.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');

    const idea = await submit(p, { videoUrl: video.body.url });
    expect(idea.videoUrl).toBe(video.body.url);
    const image = await p.agent.upload(
      '/api/investing/uploads/media',
      'file',
      await png(),
      'a.png',
      'image/png',
    );
    const up = await p.agent.post(`/api/investing/ideas/${idea.id}/updates`, {
      title: 'Demo day',
      content: 'Pictures from the stage.',
      mediaUrl: image.body.url,
      mediaType: 'image',
    });
    expect(up.status, up.text).toBe(201);
    expect(up.body).toMatchObject({ mediaUrl: image.body.url, mediaType: 'image' });
    // A video address named an image is refused.
    const wrong = await p.agent.post(`/api/investing/ideas/${idea.id}/updates`, {
      title: 'Demo day',
      content: 'Pictures from the stage.',
      mediaUrl: video.body.url,
      mediaType: 'image',
    });
    expect(wrong.status).toBe(400);
    const ledger = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from uploads where owner_id = ${p.id} and attached_at is not null`,
    );
    expect(ledger.rows[0]!.n).toBe(2);
  });

  it('the pitch deck: members only, never through /files, and the founder sees who opened it', async () => {
    const [founder, reader, blocked] = [await person(), await person(), await person()];
    const deck = await founder.agent.upload(
      '/api/investing/uploads/pdf',
      'file',
      pdf(),
      'deck.pdf',
      'application/pdf',
    );
    expect(deck.status, deck.text).toBe(201);
    const notPdf = await founder.agent.upload(
      '/api/investing/uploads/pdf',
      'file',
      await png(),
      'deck.pdf',
      'application/pdf',
    );
    expect(notPdf.body.error.fields).toEqual({ file: INVESTING_MSG.uploadPdf });
    expect((await t.agent().get(deck.body.url)).status).toBe(404);
    expect((await reader.agent.get(deck.body.url)).status).toBe(404);
    const idea = await submit(founder, { pitchDeckUrl: deck.body.url });
    expect(idea.hasPitchDeck).toBe(true);
    expect(JSON.stringify(idea)).not.toContain(deck.body.url);
    await blocked.agent.post(`/api/connections/${founder.id}/block`);

    for (let i = 0; i < 2; i++) {
      const res = await reader.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.text.startsWith('%PDF-')).toBe(true);
    }
    expect((await blocked.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck`)).status).toBe(404);
    expect((await founder.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck`)).status).toBe(200);
    const opens = await founder.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck/opens`);
    expect(opens.body.items).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: reader.id }), opens: 2 }),
    ]);
    expect((await reader.agent.get(`/api/investing/ideas/${idea.id}/pitch-deck/opens`)).status).toBe(404);
  });
});

describe('live', () => {
  it('the idea topic is for those who may read it; funding and updates are announced by id only', async () => {
    const [founder, watcher, blocked] = [await person(), await person(), await person()];
    const idea = await submit(founder);
    await blocked.agent.post(`/api/connections/${founder.id}/block`);
    const url = await t.listen();
    const ws = await socketOf(url, watcher);
    const bs = await socketOf(url, blocked);
    expect(
      (await subscribe(ws, [`investing:${idea.id}`, 'investing:all', 'investing:nonsense'])).refused,
    ).toEqual(['investing:nonsense']);
    const refused = await subscribe(bs, [`investing:${idea.id}`, 'investing:all']);
    expect(refused.refused).toEqual([`investing:${idea.id}`]);
    await founder.agent.request('PUT', `/api/investing/ideas/${idea.id}/funding`, { fundingReceived: 500 });
    await expect.poll(() => eventsOf(ws, 'investing.changed').length).toBeGreaterThanOrEqual(2);
    expect(eventsOf(ws, 'investing.changed')[0]).toEqual({
      type: 'investing.changed',
      ideaId: idea.id,
      change: 'funding',
    });
    await settle(bs);
    expect(eventsOf(bs, 'investing.changed')).toEqual([]);
    // A block made later drops the watcher's subscription to the idea at once.
    await founder.agent.post(`/api/connections/${watcher.id}/block`);
    await expect
      .poll(() => eventsOf(ws, 'unsubscribed').flatMap((e) => e.topics))
      .toContain(`investing:${idea.id}`);
    const before = eventsOf(ws, 'investing.changed').length;
    await founder.agent.request('PUT', `/api/investing/ideas/${idea.id}/funding`, { fundingReceived: 600 });
    await settle(ws);
    expect(eventsOf(ws, 'investing.changed').length).toBe(before);
    ws.close();
    bs.close();
  });
});

describe('plans', () => {
  it('tabs walk their indexes newest first, and search uses its indexes', async () => {
    const a = await person();
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'founder ' || g, 'founder' || g || '@example.com', 'founder_' || g from generate_series(1, 300) g
        returning id, username, email)
      insert into profiles (id, username, email) select id, username, email from u`);
    await t.db
      .execute(sql`insert into business_ideas (user_id, title, description, funding_goal, industry, created_at)
      select ids.a[1 + g % array_length(ids.a, 1)], 'Venture ' || left(md5(g::text), 12), 'Description ' || md5(g::text), 5000,
        (array['tech','finance','healthcare','energy'])[1 + g % 4], now() - g * interval '1 minute'
      from generate_series(1, 20000) g, (select array_agg(id) as a from profiles) ids`);
    await t.db.execute(sql`vacuum analyze business_ideas`);
    await t.db.execute(sql`analyze`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const cursor = { micros: String((Date.now() - 86_400_000) * 1000), id: randomUUID() };
    for (const [tab, at] of [
      ['all', null],
      ['tech', cursor],
      ['finance', null],
    ] as const) {
      const plan = await explain(ideaListQuery(a.id, { tab, limit: INVESTING.pageSize }, at));
      expect(plan, plan).not.toMatch(/Seq Scan on business_ideas|Sort/);
      expect(plan, plan).toMatch(
        /Index Scan Backward using (business_ideas_created_idx|business_ideas_industry_idx)/,
      );
    }
    const plan = await explain(
      ideaListQuery(a.id, { tab: 'all', author: a.id, limit: INVESTING.pageSize }, null),
    );
    expect(plan, plan).not.toMatch(/Seq Scan on business_ideas/);
    const word = createHash('md5').update('1234').digest('hex').slice(0, 12);
    for (const [text, fuzzy] of [
      ['venture', false],
      [word, false],
      [`${word.slice(0, 6)}x${word.slice(7)}`, true],
    ] as const) {
      for (const tier of ideaSearch.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
        if (tier.level === 'near' && !fuzzy) continue;
        // A word every title has: its page walks the index; its count is capped and may scan.
        // A word every title starts with: its exact and prefix pages walk the title index (its
        // count is capped and may scan, and the later tiers hold nothing for it).
        const common = text === 'venture';
        if (common && tier.level !== 'exact' && tier.level !== 'prefix') continue;
        const queries = common
          ? [searchTierRows(tier, 20)]
          : [searchTierRows(tier, 20), searchTierCount(tier, 1001)];
        for (const query of queries) {
          const p = await explain(query);
          expect(p, `${tier.level}\n${p}`).not.toMatch(/Seq Scan on business_ideas/);
        }
      }
    }
  });
});
