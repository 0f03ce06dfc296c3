import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { CreateArticle } from '@common/articles/schemas';
import {
  ARTICLE_MSG,
  ARTICLES,
  clipText,
  type Article,
  type ArticlePage,
  type ArticleSummary,
} from '@common/articles/model';
import type { FeedPage } from '@common/feed/model';
import { markdownToText } from '@common/core/markdown';
import type { SearchPage } from '@common/search/model';
import { imageVariantUrl } from '@common/core/uploads';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { getContentTarget } from '../../platform/content-targets';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import { articleSearch } from './articles.register';
import { articleListQueries } from './article-reads.service';
import { type Agent, BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { phoneJpeg, plainSvg, png, svgWithScript, textFile } from '../../test/images';

let t: TestApp;
type Person = { agent: Agent; id: string; password: string };

const ADMIN_EMAIL = `chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person(ADMIN_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

const fields = (o: Partial<CreateArticle> = {}): CreateArticle => ({
  title: 'Notes from the workshop',
  content: 'A few paragraphs about **building** things with other people.',
  category: 'tech',
  imageUrl: null,
  status: 'published',
  ...o,
});

/** A PATCH body: the editor's fields, without the status. */
function edit(o: Partial<CreateArticle> = {}) {
  const { status: _status, ...rest } = fields(o);
  return rest;
}

async function write(p: Person, o: Partial<CreateArticle> = {}): Promise<Article> {
  const res = await p.agent.post<Article>('/api/articles', fields(o));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function list(agent: Agent, query: Record<string, string | number> = {}): Promise<ArticlePage> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await agent.get<ArticlePage>(`/api/articles?${qs}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

async function search(agent: Agent, q: string): Promise<string[]> {
  const res = await agent.get<SearchPage>(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results.filter((r) => r.type === 'article').map((r) => r.id);
}

async function feedRows(articleId: string) {
  return t.db
    .execute<{
      id: string;
      title: string;
      description: string | null;
      link: string | null;
      image_url: string | null;
      user_id: string;
    }>(
      sql`select id::text as id, title, description, link, image_url, user_id::text as user_id
      from feed_items where type = 'article' and content_id = ${articleId}`,
    )
    .then((r) => r.rows);
}

async function articleRow(id: string) {
  const [row] = await t.db
    .execute<{ status: string; title: string }>(sql`select status, title from articles where id = ${id}`)
    .then((r) => r.rows);
  return row;
}

const error = (status: number, code: string, message: string, fieldsOf?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fieldsOf ? { fields: fieldsOf } : {}) } },
});
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('validation', () => {
  it('refuses titles, contents and categories out of bounds with the spec texts', async () => {
    const a = await person();
    const cases: [Partial<CreateArticle> | Record<string, unknown>, string, string][] = [
      [{ title: 'ab' }, 'title', ARTICLE_MSG.titleMin],
      [{ title: '   ab   ' }, 'title', ARTICLE_MSG.titleMin],
      [{ title: 'x'.repeat(101) }, 'title', ARTICLE_MSG.titleMax],
      [{ title: undefined }, 'title', ARTICLE_MSG.titleMin],
      [{ content: '123456789' }, 'content', ARTICLE_MSG.contentMin],
      [{ content: '         1          ' }, 'content', ARTICLE_MSG.contentMin],
      [{ content: 'x'.repeat(10_001) }, 'content', ARTICLE_MSG.contentMax],
      [{ category: 'sports' as never }, 'category', ARTICLE_MSG.categoryRequired],
      [{ category: undefined }, 'category', ARTICLE_MSG.categoryRequired],
    ];
    for (const [o, field, message] of cases) {
      const res = await a.agent.post('/api/articles', { ...fields(), ...o });
      expect(res.status, JSON.stringify(o)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field], JSON.stringify(o)).toBe(message);
    }
    const badStatus = await a.agent.post('/api/articles', { ...fields(), status: 'archived' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.fields.status).toBeDefined();
    const unknownField = await a.agent.post('/api/articles', { ...fields(), authorId: admin.id });
    expect(unknownField.status).toBe(400);
    expect(await list(a.agent, { tab: 'drafts' })).toMatchObject({ items: [], total: 0 });
    expect((await list(a.agent, { tab: 'my' })).total).toBe(0);
  });

  it('accepts the exact bounds, with the title trimmed', async () => {
    const a = await person();
    const short = await write(a, { title: '  abc  ', content: '0123456789', status: 'draft' });
    expect(short.title).toBe('abc');
    const long = await write(a, { title: 'T'.repeat(100), content: 'c'.repeat(10_000), status: 'draft' });
    expect(long.title).toHaveLength(100);
    expect(long.content).toHaveLength(10_000);
  });

  it('visitors must sign in to write, read an article or open My Articles and Drafts; lists are public', async () => {
    const a = await person();
    const article = await write(a);
    const visitor = t.agent();
    expect(answer(await visitor.post('/api/articles', fields()))).toMatchObject({ status: 401 });
    expect((await visitor.get(`/api/articles/${article.id}`)).status).toBe(401);
    expect((await visitor.get('/api/articles?tab=my')).status).toBe(401);
    expect((await visitor.get('/api/articles?tab=drafts')).status).toBe(401);
    expect((await visitor.request('PATCH', `/api/articles/${article.id}`, edit())).status).toBe(401);
    expect((await visitor.post(`/api/articles/${article.id}/publish`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/articles/${article.id}`)).status).toBe(401);
    expect(
      (await visitor.upload('/api/articles/images', 'file', await png(800, 600), 'a.png', 'image/png'))
        .status,
    ).toBe(401);
    expect(ids((await list(visitor)).items)).toContain(article.id);
    expect(ids((await list(visitor, { tab: 'tech' })).items)).toContain(article.id);
    expect(ids((await list(visitor, { author: a.id })).items)).toEqual([article.id]);
  });

  it('refuses a malformed id, tab, cursor or limit', async () => {
    const a = await person();
    expect(answer(await a.agent.get('/api/articles/not-a-uuid'))).toEqual(
      error(400, 'VALIDATION', ARTICLE_MSG.invalidId, { id: ARTICLE_MSG.invalidId }),
    );
    expect((await a.agent.get(`/api/articles/${randomUUID()}`)).body.error.message).toBe(
      ARTICLE_MSG.notFound,
    );
    expect((await a.agent.get('/api/articles?tab=sports')).body.error.message).toBe(ARTICLE_MSG.invalidTab);
    const bad = [
      'abc',
      Buffer.from('123:not-a-uuid').toString('base64url'),
      Buffer.from(`-1:${randomUUID()}`).toString('base64url'),
      Buffer.from(`1.5:${randomUUID()}`).toString('base64url'),
      Buffer.from(`9999999999999999999:${randomUUID()}`).toString('base64url'),
      Buffer.from(`' or 1=1 --:${randomUUID()}`).toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await a.agent.get(`/api/articles?${new URLSearchParams({ cursor })}`);
      expect(answer(res), cursor).toEqual(
        error(400, 'VALIDATION', ARTICLE_MSG.invalidCursor, { cursor: ARTICLE_MSG.invalidCursor }),
      );
    }
    for (const q of ['limit=0', 'limit=51', 'limit=x', 'author=nope'])
      expect((await a.agent.get(`/api/articles?${q}`)).status, q).toBe(400);
    // A profile's section lists published articles: not someone's drafts.
    expect((await a.agent.get(`/api/articles?tab=drafts&author=${a.id}`)).status).toBe(400);
  });
});

describe('drafts and publishing', () => {
  it('a draft is its author’s alone: 404 for others (admins too), in no list, search or feed', async () => {
    const [a, b] = [await person(), await person()];
    const draft = await write(a, {
      title: 'Unfinished thoughts on zymurgy',
      content: 'Draft body about zymurgical fermentation.',
      status: 'draft',
    });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, isAuthor: true, canDelete: true });
    expect((await a.agent.get(`/api/articles/${draft.id}`)).body.id).toBe(draft.id);

    for (const other of [b, admin]) {
      expect(answer(await other.agent.get(`/api/articles/${draft.id}`))).toEqual(
        error(404, 'NOT_FOUND', ARTICLE_MSG.notFound),
      );
      // Writing to it answers the same: nothing tells that a draft exists.
      expect((await other.agent.request('PATCH', `/api/articles/${draft.id}`, edit())).status).toBe(404);
      expect((await other.agent.post(`/api/articles/${draft.id}/publish`)).status).toBe(404);
      expect(ids((await list(other.agent, { tab: 'drafts' })).items)).not.toContain(draft.id);
      expect(await search(other.agent, 'zymurgy')).not.toContain(draft.id);
    }
    // Only an admin may delete any article, drafts included; a member gets the not-found answer.
    expect(answer(await b.agent.request('DELETE', `/api/articles/${draft.id}`))).toEqual(
      error(404, 'NOT_FOUND', ARTICLE_MSG.notFound),
    );
    expect(await articleRow(draft.id)).toMatchObject({ status: 'draft' });

    for (const agent of [a.agent, b.agent, t.agent()]) {
      expect(ids((await list(agent, { limit: 50 })).items)).not.toContain(draft.id);
      expect(ids((await list(agent, { tab: 'tech', limit: 50 })).items)).not.toContain(draft.id);
      expect(ids((await list(agent, { author: a.id })).items)).not.toContain(draft.id);
    }
    expect(await search(a.agent, 'zymurgy')).not.toContain(draft.id);
    expect(await feedRows(draft.id)).toEqual([]);
    const drafts = await list(a.agent, { tab: 'drafts' });
    expect(drafts).toMatchObject({ total: 1, nextCursor: null });
    expect(ids(drafts.items)).toEqual([draft.id]);
    expect((await list(a.agent, { tab: 'my' })).total).toBe(0);
  });

  it('the author edits a draft; nobody else edits anything', async () => {
    const [a, b] = [await person(), await person()];
    const draft = await write(a, { status: 'draft' });
    const edited = await a.agent.request<Article>('PATCH', `/api/articles/${draft.id}`, {
      title: 'A better title',
      content: '## Better\n\nContent, *rewritten* from the start.',
      category: 'business',
      imageUrl: null,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      id: draft.id,
      title: 'A better title',
      category: 'business',
      status: 'draft',
      excerpt: 'Better. Content, rewritten from the start.',
    });
    expect(edited.body.html).toContain('<h2>Better</h2>');
    expect(new Date(edited.body.updatedAt) >= new Date(draft.updatedAt)).toBe(true);
    const invalid = await a.agent.request('PATCH', `/api/articles/${draft.id}`, edit({ title: 'x' }));
    expect(invalid.body.error.fields.title).toBe(ARTICLE_MSG.titleMin);

    for (const [who, status] of [
      [b, 404],
      [admin, 404],
    ] as const) {
      const res = await who.agent.request('PATCH', `/api/articles/${draft.id}`, edit({ title: 'Hijacked' }));
      expect(res.status).toBe(status);
    }
    expect((await t.agent().request('PATCH', `/api/articles/${draft.id}`, edit())).status).toBe(401);
    expect((await articleRow(draft.id))?.title).toBe('A better title');
  });

  it('the author edits a published article: marked edited, its feed item updated; only the author (issue 21)', async () => {
    const [a, b] = [await person(), await person()];
    const published = await write(a);
    expect(published.editedAt).toBeNull();
    for (const [who, status, message] of [
      [b, 404, ARTICLE_MSG.notFound],
      [admin, 404, ARTICLE_MSG.notFound],
    ] as const) {
      const res = await who.agent.request(
        'PATCH',
        `/api/articles/${published.id}`,
        edit({ title: 'Hijacked' }),
      );
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    const visitor = await t
      .agent()
      .request('PATCH', `/api/articles/${published.id}`, edit({ title: 'Hijacked' }));
    expect(visitor.status).toBe(401);
    expect((await articleRow(published.id))?.title).toBe(published.title);
    expect((await feedRows(published.id))[0]?.title).toBe(published.title);

    const res = await a.agent.request<Article>(
      'PATCH',
      `/api/articles/${published.id}`,
      edit({ title: 'Notes, corrected', content: 'The **corrected** words of the workshop notes.' }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'published',
      title: 'Notes, corrected',
      publishedAt: published.publishedAt,
    });
    expect(res.body.editedAt).not.toBeNull();
    expect((await b.agent.get<Article>(`/api/articles/${published.id}`)).body).toMatchObject({
      title: 'Notes, corrected',
      editedAt: res.body.editedAt,
    });
    const rows = await feedRows(published.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Notes, corrected',
      description: 'The corrected words of the workshop notes.',
    });
    const invalid = await a.agent.request(
      'PATCH',
      `/api/articles/${published.id}`,
      edit({ content: 'short' }),
    );
    expect(invalid.status).toBe(400);
  });

  it('publishing puts the article on the feed once; publishing again is refused', async () => {
    const a = await person();
    const draft = await write(a, { status: 'draft', content: 'Plain words that make the **excerpt** here.' });
    const res = await a.agent.post<Article>(`/api/articles/${draft.id}/publish`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('published');
    expect(Date.parse(res.body.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const again = await a.agent.post(`/api/articles/${draft.id}/publish`);
    expect(answer(again)).toEqual(error(409, 'CONFLICT', ARTICLE_MSG.alreadyPublished));
    const rows = await feedRows(draft.id);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        title: draft.title,
        description: 'Plain words that make the excerpt here.',
        link: `/articles/${draft.id}`,
        image_url: null,
        user_id: a.id,
      },
    ]);
    const feed = await a.agent.get<FeedPage>('/api/feed?filter=articles&limit=50');
    expect(feed.body.items.filter((i) => i.contentId === draft.id)).toHaveLength(1);
    expect(ids((await list(a.agent, { tab: 'my' })).items)).toEqual([draft.id]);
    expect((await list(a.agent, { tab: 'drafts' })).total).toBe(0);
  });

  it('two publishes at once: one succeeds, one item on the feed', async () => {
    const a = await person();
    for (let round = 0; round < 3; round++) {
      const draft = await write(a, { status: 'draft' });
      const results = await Promise.all([
        a.agent.post(`/api/articles/${draft.id}/publish`),
        a.agent.post(`/api/articles/${draft.id}/publish`),
        a.agent.post(`/api/articles/${draft.id}/publish`),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await feedRows(draft.id)).toHaveLength(1);
    }
  });

  it('an article published at once gets its excerpt and one feed item', async () => {
    const a = await person();
    const content = `# Title line\n\n${'Lorem ipsum dolor sit amet, '.repeat(20)}`;
    const article = await write(a, { content });
    const excerpt = clipText(markdownToText(content), ARTICLES.excerptLength, '...');
    expect(article).toMatchObject({ status: 'published', excerpt, isAuthor: true, canDelete: true });
    expect(article.excerpt.endsWith('...')).toBe(true);
    expect(article.excerpt.length).toBeLessThanOrEqual(ARTICLES.excerptLength + 3);
    expect(article.excerpt).not.toMatch(/[#*]/);
    expect(article.author).toMatchObject({ id: a.id });
    expect(await feedRows(article.id)).toMatchObject([
      { description: excerpt, link: `/articles/${article.id}` },
    ]);
  });
});

describe('lists', () => {
  it('tabs show their category, newest first, with the tab’s total', async () => {
    const a = await person();
    const tech = await write(a, { category: 'tech' });
    const business = await write(a, { category: 'business' });
    const lifestyle = await write(a, { category: 'lifestyle' });
    const draft = await write(a, { category: 'tech', status: 'draft' });
    const all = await list(a.agent, { limit: 50 });
    expect(ids(all.items).slice(0, 3)).toEqual([lifestyle.id, business.id, tech.id]);
    const count = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from articles where status = 'published'`)
      .then((r) => r.rows[0]!.n);
    expect(all.total).toBe(count);
    for (const [tab, mine] of [
      ['tech', tech],
      ['business', business],
      ['lifestyle', lifestyle],
    ] as const) {
      const page = await list(a.agent, { tab, limit: 50 });
      expect(page.items.every((i) => i.category === tab && i.status === 'published')).toBe(true);
      expect(ids(page.items)).toContain(mine.id);
      expect(ids(page.items)).not.toContain(draft.id);
    }
    const profile = await list(t.agent(), { author: a.id });
    expect(ids(profile.items)).toEqual([lifestyle.id, business.id, tech.id]);
    expect(profile.total).toBe(3);
    expect(ids((await list(t.agent(), { author: a.id, tab: 'business' })).items)).toEqual([business.id]);
    const my = await list(a.agent, { tab: 'my' });
    expect(my).toMatchObject({ total: 3, nextCursor: null });
    expect(ids((await list(a.agent, { tab: 'drafts' })).items)).toEqual([draft.id]);
  });

  it('pages by cursor without gaps or repeats, ties and microseconds included', async () => {
    const a = await person();
    // Three at one instant, two a microsecond later, two a millisecond later: a cursor rounded to
    // milliseconds would repeat or skip some.
    await t.db
      .execute(sql`insert into articles (author_id, title, content, excerpt, preview, category, status, published_at)
      select ${a.id}, 'Tie ' || g, 'Tied content number ' || g, 'x', 'x', 'lifestyle', 'published',
        case when g <= 3 then timestamptz '2021-05-01 10:00:00.123456+00'
             when g <= 5 then timestamptz '2021-05-01 10:00:00.123457+00'
             else timestamptz '2021-05-01 10:00:00.124457+00' end
      from generate_series(1, 7) g`);
    const fresh = await write(a, { category: 'lifestyle' });
    for (const query of [{ author: a.id }, { tab: 'my' }] as Record<string, string>[]) {
      for (const limit of [1, 2, 3, 8]) {
        const seen: ArticleSummary[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const page: ArticlePage = await list(a.agent, { ...query, limit, ...(cursor ? { cursor } : {}) });
          expect(page.total).toBe(8);
          seen.push(...page.items);
          cursor = page.nextCursor;
          pages++;
        } while (cursor);
        expect(pages).toBe(Math.ceil(8 / limit));
        expect(new Set(ids(seen)).size).toBe(8);
        expect(seen[0]!.id).toBe(fresh.id);
        const times = seen.map((s) => Date.parse(s.publishedAt!));
        expect(times).toEqual([...times].sort((x, y) => y - x));
      }
    }
    // The category tab pages the same way.
    const lifestyle: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ArticlePage = await list(a.agent, {
        tab: 'lifestyle',
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      lifestyle.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(lifestyle).size).toBe(lifestyle.length);
    const mine = ids((await list(a.agent, { author: a.id, limit: 8 })).items);
    expect(lifestyle.filter((id) => mine.includes(id))).toEqual(mine);
  });

  it('drafts are listed by their last change, paged too', async () => {
    const a = await person();
    const first = await write(a, { status: 'draft', title: 'First draft' });
    const second = await write(a, { status: 'draft', title: 'Second draft' });
    const third = await write(a, { status: 'draft', title: 'Third draft' });
    expect(ids((await list(a.agent, { tab: 'drafts' })).items)).toEqual([third.id, second.id, first.id]);
    await a.agent.request('PATCH', `/api/articles/${first.id}`, edit({ title: 'First, edited' }));
    const page1 = await list(a.agent, { tab: 'drafts', limit: 2 });
    expect(page1.total).toBe(3);
    expect(ids(page1.items)).toEqual([first.id, third.id]);
    const page2 = await list(a.agent, { tab: 'drafts', limit: 2, cursor: page1.nextCursor! });
    expect(page2).toMatchObject({ total: 3, nextCursor: null });
    expect(ids(page2.items)).toEqual([second.id]);
  });

  it('previews are plain text: 200 characters and an ellipsis, 100 for drafts', async () => {
    const a = await person();
    const content = `# A heading\n\n${'Some **bold** words and [a link](https://example.com) here. '.repeat(12)}`;
    const text = markdownToText(content);
    expect(text.length).toBeGreaterThan(300);
    const published = await write(a, { content });
    const draft = await write(a, { content, status: 'draft' });
    const [card] = (await list(a.agent, { tab: 'my' })).items;
    expect(card!.preview).toBe(clipText(text, ARTICLES.previewLength, '…'));
    expect(card!.preview.length).toBeLessThanOrEqual(ARTICLES.previewLength + 1);
    expect(card!.preview.length).toBeGreaterThan(ARTICLES.previewLength * 0.8);
    expect(card!.preview.endsWith('…')).toBe(true);
    expect(card!.preview).not.toMatch(/[#*[\]()]/);
    const [draftCard] = (await list(a.agent, { tab: 'drafts' })).items;
    expect(draftCard!.preview).toBe(clipText(text, ARTICLES.draftPreviewLength, '…'));
    expect(draftCard!.preview.length).toBeLessThanOrEqual(ARTICLES.draftPreviewLength + 1);
    const short = await write(a, { content: 'Short and *sweet* body.' });
    expect((await list(a.agent, { tab: 'my' })).items.find((i) => i.id === short.id)?.preview).toBe(
      'Short and sweet body.',
    );
    expect(published.preview).toBe(card!.preview);
    expect(draft.preview).toBe(draftCard!.preview);
    expect(card!.author).toEqual({
      id: a.id,
      username: expect.any(String),
      fullName: expect.any(String),
      avatarUrl: null,
      title: null,
      bio: null,
    });
  });
});

describe('who is shown', () => {
  it('banned and deleted authors are hidden everywhere; blocked people both ways', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const byA = await write(a, { title: 'Ornithopter design notes', content: 'Wings that flap, by A.' });
    const byB = await write(b, { title: 'Ornithopter flight tests', content: 'Wings that flap, by B.' });
    expect(await search(c.agent, 'ornithopter')).toEqual(expect.arrayContaining([byA.id, byB.id]));

    expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
    for (const [viewer, hidden] of [
      [a, byB],
      [b, byA],
    ] as const) {
      expect(ids((await list(viewer.agent, { limit: 50 })).items)).not.toContain(hidden.id);
      expect(ids((await list(viewer.agent, { tab: 'tech', limit: 50 })).items)).not.toContain(hidden.id);
      expect((await list(viewer.agent, { author: hidden.author.id })).total).toBe(0);
      expect((await viewer.agent.get(`/api/articles/${hidden.id}`)).status).toBe(404);
      expect(await search(viewer.agent, 'ornithopter')).not.toContain(hidden.id);
    }
    // Others, and visitors, still see both.
    expect(ids((await list(c.agent, { limit: 50 })).items)).toEqual(expect.arrayContaining([byA.id, byB.id]));
    expect(ids((await list(t.agent(), { limit: 50 })).items)).toEqual(
      expect.arrayContaining([byA.id, byB.id]),
    );

    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, a.id));
    for (const agent of [c.agent, t.agent()]) {
      expect(ids((await list(agent, { limit: 50 })).items)).not.toContain(byA.id);
      expect((await list(agent, { author: a.id })).total).toBe(0);
    }
    expect((await c.agent.get(`/api/articles/${byA.id}`)).status).toBe(404);
    expect(await search(c.agent, 'ornithopter')).not.toContain(byA.id);
    await t.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, a.id));
    expect((await c.agent.get(`/api/articles/${byA.id}`)).status).toBe(200);

    await t.db.update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, b.id));
    expect(ids((await list(c.agent, { limit: 50 })).items)).not.toContain(byB.id);
    expect((await c.agent.get(`/api/articles/${byB.id}`)).status).toBe(404);
    expect(await search(c.agent, 'ornithopter')).toEqual([byA.id]);
  });

  it('reactions and comments may target published articles the viewer can see', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const target = getContentTarget('article')!;
    expect(target).toMatchObject({ label: 'article', maxCommentDepth: 1 });
    expect(target.reactionTypes).toEqual(['like', 'dislike', 'love', 'laugh', 'cry']);
    const published = await write(a);
    const draft = await write(a, { status: 'draft' });
    const info = { ownerId: a.id, link: `/articles/${published.id}`, title: published.title };
    expect(await target.resolve(t.db, b.id, published.id)).toEqual(info);
    expect(await target.resolve(t.db, null, published.id)).toEqual(info);
    expect(await target.resolve(t.db, a.id, draft.id)).toBeNull();
    expect(await target.resolve(t.db, b.id, draft.id)).toBeNull();
    expect(await target.resolve(t.db, b.id, randomUUID())).toBeNull();
    expect(await target.resolve(t.db, b.id, 'not-a-uuid')).toBeNull();
    await c.agent.post(`/api/connections/${a.id}/block`);
    expect(await target.resolve(t.db, c.id, published.id)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

/** Stored content images, as paths under the files folder. */
async function storedContentFiles(ownerId?: string) {
  const dir = path.join(t.dataDir, 'files', 'images', 'content', ...(ownerId ? [ownerId] : []));
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith('.webp')).sort();
}

async function fetchFile(url: string) {
  const res = await t.app.request(new URL(url, BASE_URL).toString());
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();

const uploadImage = (p: Person, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') =>
  p.agent.upload<{ url: string }>('/api/articles/images', 'file', bytes, name, type);

async function uploaded(p: Person, width = 1200, height = 800) {
  const res = await uploadImage(p, await jpeg(width, height));
  expect(res.status, res.text).toBe(201);
  return res.body.url;
}

const CONTENT_URL = /^\/files\/images\/content\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/2000\.webp$/;

describe('featured images', () => {
  it('a good picture is stored as WebP under the uploader and its address returned', async () => {
    const a = await person();
    const res = await uploadImage(a, await jpeg(1200, 800));
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toMatch(CONTENT_URL);
    expect(res.body.url).toContain(`/content/${a.id}/`);
    const file = await fetchFile(res.body.url);
    expect(file.status).toBe(200);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    const small = await fetchFile(imageVariantUrl(res.body.url, 800));
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 800 });
    // The exact limits pass.
    for (const [w, h] of [
      [400, 300],
      [2000, 2000],
      [1500, 500],
      [400, 800],
    ] as const)
      expect((await uploadImage(a, await png(w, h), 'ok.png', 'image/png')).status, `${w}x${h}`).toBe(201);
  });

  it('refuses pictures out of the pixel rules with the spec texts, and keeps nothing', async () => {
    const a = await person();
    const cases: [Buffer, string][] = [
      [await jpeg(399, 300), ARTICLE_MSG.imageTooSmall],
      [await jpeg(400, 299), ARTICLE_MSG.imageTooSmall],
      [await jpeg(2001, 1000), ARTICLE_MSG.imageTooLarge],
      [await png(1000, 2001), ARTICLE_MSG.imageTooLarge],
      [await jpeg(2000, 500), ARTICLE_MSG.imageAspect],
      [await jpeg(400, 900), ARTICLE_MSG.imageAspect],
      // Stored 900 x 380, shown upright (EXIF orientation 6) as 380 x 900: too narrow.
      [await phoneJpeg(900, 380), ARTICLE_MSG.imageTooSmall],
      // Stored 1000 x 450, upright 450 x 1000: aspect 0.45.
      [await phoneJpeg(1000, 450), ARTICLE_MSG.imageAspect],
    ];
    for (const [bytes, message] of cases) {
      const res = await uploadImage(a, bytes);
      expect(answer(res), message).toEqual(
        error(400, 'VALIDATION', ARTICLE_MSG.imageInvalidDimensionsTitle, { file: message }),
      );
    }
    // Upright 600 x 900 from a sideways 900 x 600 phone photo is fine.
    expect((await uploadImage(a, await phoneJpeg(900, 600))).status).toBe(201);
    expect(await storedContentFiles(a.id)).toHaveLength(2);
  });

  it('refuses what is not an image, whatever its name', async () => {
    const a = await person();
    const invalid = error(400, 'VALIDATION', 'Invalid file type', { file: 'Please select an image file.' });
    expect(answer(await uploadImage(a, textFile, 'notes.png', 'image/png'))).toEqual(invalid);
    expect(answer(await uploadImage(a, svgWithScript, 'logo.svg', 'image/svg+xml'))).toEqual(invalid);
    expect(answer(await uploadImage(a, plainSvg, 'logo.png', 'image/png'))).toEqual(invalid);
    expect(await storedContentFiles(a.id)).toEqual([]);
  });

  it('an article takes only its author’s own uploaded image', async () => {
    const [a, b] = [await person(), await person()];
    const mine = await uploaded(a);
    const theirs = await uploaded(b);
    const avatar = await b.agent.upload(
      '/api/profiles/me/avatar',
      'file',
      await png(400, 400),
      'a.png',
      'image/png',
    );
    const refused = error(400, 'VALIDATION', ARTICLE_MSG.imageNotUploaded, {
      imageUrl: ARTICLE_MSG.imageNotUploaded,
    });
    const avatarOfMine = await a.agent.upload<{ avatarUrl: string }>(
      '/api/profiles/me/avatar',
      'file',
      await png(400, 400),
      'a.png',
      'image/png',
    );
    for (const imageUrl of [
      theirs,
      avatar.body.avatarUrl as string,
      avatarOfMine.body.avatarUrl,
      'https://example.com/picture.jpg',
      `https://evil.example${mine}`,
      mine.replace(/[0-9a-f-]{36}\/2000\.webp$/, `${randomUUID()}/2000.webp`),
      mine.replace('2000.webp', '1000.webp'),
      'javascript:alert(1)',
    ]) {
      const res = await a.agent.post('/api/articles', fields({ imageUrl }));
      expect(answer(res), imageUrl).toEqual(refused);
    }
    // Any copy of one's own image is taken, and the main copy stored.
    const small = imageVariantUrl(mine, 800);
    expect(small).not.toBe(mine);
    const article = await write(a, { imageUrl: small });
    expect(article.imageUrl).toBe(mine);
    expect(await feedRows(article.id)).toMatchObject([{ image_url: mine }]);
    expect(theirs).toMatch(CONTENT_URL);
  });

  it('replacing or removing a draft’s image deletes the old one; deleting the article deletes its image', async () => {
    const a = await person();
    const [one, two] = [await uploaded(a), await uploaded(a)];
    const draft = await write(a, { status: 'draft', imageUrl: one });
    expect(draft.imageUrl).toBe(one);
    const replaced = await a.agent.request<Article>(
      'PATCH',
      `/api/articles/${draft.id}`,
      edit({ imageUrl: two }),
    );
    expect(replaced.body.imageUrl).toBe(two);
    expect((await fetchFile(one)).status).toBe(404);
    expect((await fetchFile(two)).status).toBe(200);
    // Keeping it keeps it.
    await a.agent.request('PATCH', `/api/articles/${draft.id}`, edit({ imageUrl: two, title: 'Same image' }));
    expect((await fetchFile(two)).status).toBe(200);
    const removed = await a.agent.request<Article>(
      'PATCH',
      `/api/articles/${draft.id}`,
      edit({ imageUrl: null }),
    );
    expect(removed.body.imageUrl).toBeNull();
    expect((await fetchFile(two)).status).toBe(404);
    expect(await storedContentFiles(a.id)).toEqual([]);

    // One picture shown by two articles stays until neither shows it.
    const shared = await uploaded(a);
    const first = await write(a, { imageUrl: shared });
    const second = await write(a, { imageUrl: shared, status: 'draft' });
    expect((await a.agent.request('DELETE', `/api/articles/${first.id}`)).status).toBe(200);
    expect((await fetchFile(shared)).status).toBe(200);
    expect((await a.agent.request('DELETE', `/api/articles/${second.id}`)).status).toBe(200);
    expect((await fetchFile(shared)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('deleting', () => {
  async function engage(articleId: string, userId: string) {
    await t.db.execute(sql`insert into reactions (user_id, content_type, content_id, reaction_type)
      values (${userId}, 'article', ${articleId}, 'like'), (${userId}, 'article', ${articleId}, 'love')`);
    const [top] = await t.db
      .execute<{ id: string }>(
        sql`insert into comments (content_type, content_id, user_id, content)
        values ('article', ${articleId}, ${userId}, 'Nice piece') returning id::text as id`,
      )
      .then((r) => r.rows);
    await t.db.execute(sql`insert into comments (content_type, content_id, parent_id, depth, user_id, content)
      values ('article', ${articleId}, ${top!.id}, 1, ${userId}, 'Agreed')`);
  }
  async function engagement(articleId: string) {
    const [row] = await t.db
      .execute<{ reactions: number; comments: number }>(
        sql`select (select count(*)::int from reactions where content_type = 'article' and content_id = ${articleId}) as reactions,
          (select count(*)::int from comments where content_type = 'article' and content_id = ${articleId}) as comments`,
      )
      .then((r) => r.rows);
    return row;
  }

  it('others may not delete: 403 with the spec text, and nothing changes', async () => {
    const [a, b] = [await person(), await person()];
    const article = await write(a);
    await engage(article.id, b.id);
    expect((await b.agent.get<Article>(`/api/articles/${article.id}`)).body).toMatchObject({
      canDelete: false,
      isAuthor: false,
    });
    expect(answer(await b.agent.request('DELETE', `/api/articles/${article.id}`))).toEqual(
      error(403, 'FORBIDDEN', ARTICLE_MSG.noPermission),
    );
    expect(await articleRow(article.id)).toBeDefined();
    expect(await feedRows(article.id)).toHaveLength(1);
    expect(await engagement(article.id)).toEqual({ reactions: 2, comments: 2 });
    expect(answer(await b.agent.request('DELETE', `/api/articles/${randomUUID()}`))).toEqual(
      error(404, 'NOT_FOUND', ARTICLE_MSG.notFound),
    );
  });

  it('the author deletes the article with its feed item, reactions and comments', async () => {
    const [a, b] = [await person(), await person()];
    const article = await write(a);
    const other = await write(a);
    await engage(article.id, b.id);
    await engage(other.id, b.id);
    const res = await a.agent.request('DELETE', `/api/articles/${article.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await articleRow(article.id)).toBeUndefined();
    expect(await feedRows(article.id)).toEqual([]);
    expect(await engagement(article.id)).toEqual({ reactions: 0, comments: 0 });
    // Only that article's.
    expect(await engagement(other.id)).toEqual({ reactions: 2, comments: 2 });
    expect(await feedRows(other.id)).toHaveLength(1);
    expect((await a.agent.get(`/api/articles/${article.id}`)).status).toBe(404);
    expect(ids((await list(a.agent, { tab: 'my' })).items)).toEqual([other.id]);
    expect((await a.agent.request('DELETE', `/api/articles/${article.id}`)).status).toBe(404);
    // A draft is deleted the same way.
    const draft = await write(a, { status: 'draft' });
    expect((await a.agent.request('DELETE', `/api/articles/${draft.id}`)).status).toBe(200);
    expect(await articleRow(draft.id)).toBeUndefined();
  });

  it('reactions and comments made through their API go with the article; none on drafts', async () => {
    const [a, b] = [await person(), await person()];
    const article = await write(a);
    const draft = await write(a, { status: 'draft' });
    const react = (id: string, type = 'like') =>
      b.agent.request('PUT', `/api/reactions/article/${id}/${type}`, { active: true });
    const comment = (id: string, body: Record<string, unknown>) =>
      b.agent.post<{ id: string }>(`/api/comments/article/${id}`, body);
    expect((await react(article.id)).status).toBe(200);
    expect((await react(article.id, 'cry')).status).toBe(200);
    const top = await comment(article.id, { content: 'Useful, thanks' });
    expect(top.status, top.text).toBe(201);
    const reply = await a.agent.post<{ id: string }>(`/api/comments/article/${article.id}`, {
      content: 'Glad it helped',
      parentId: top.body.id,
    });
    expect(reply.status, reply.text).toBe(201);
    // One level of replies on articles.
    expect((await comment(article.id, { content: 'Deeper', parentId: reply.body.id })).status).toBe(400);
    expect(await engagement(article.id)).toEqual({ reactions: 2, comments: 2 });
    // A draft takes none, whoever asks.
    expect((await react(draft.id)).status).toBe(404);
    expect((await comment(draft.id, { content: 'Early' })).status).toBe(404);
    expect(
      (await a.agent.request('PUT', `/api/reactions/article/${draft.id}/like`, { active: true })).status,
    ).toBe(404);

    expect((await a.agent.request('DELETE', `/api/articles/${article.id}`)).status).toBe(200);
    expect(await engagement(article.id)).toEqual({ reactions: 0, comments: 0 });
    expect((await react(article.id)).status).toBe(404);
    expect((await b.agent.get(`/api/comments/article/${article.id}`)).status).toBe(404);
  });

  it('an admin may delete anyone’s article', async () => {
    const [a, b] = [await person(), await person()];
    const image = await uploaded(a);
    const article = await write(a, { imageUrl: image });
    await engage(article.id, b.id);
    expect((await admin.agent.get<Article>(`/api/articles/${article.id}`)).body).toMatchObject({
      canDelete: true,
      isAuthor: false,
    });
    const res = await admin.agent.request('DELETE', `/api/articles/${article.id}`);
    expect(res.status, res.text).toBe(200);
    expect(await articleRow(article.id)).toBeUndefined();
    expect(await feedRows(article.id)).toEqual([]);
    expect(await engagement(article.id)).toEqual({ reactions: 0, comments: 0 });
    // The author's picture goes with it.
    expect((await fetchFile(image)).status).toBe(404);
  });

  it('a delete and a publish at once leave no feed item behind', async () => {
    const a = await person();
    for (let round = 0; round < 3; round++) {
      const draft = await write(a, { status: 'draft' });
      const [published, deleted] = await Promise.all([
        a.agent.post(`/api/articles/${draft.id}/publish`),
        a.agent.request('DELETE', `/api/articles/${draft.id}`),
      ]);
      expect(deleted.status).toBe(200);
      expect([200, 404]).toContain(published.status);
      expect(await articleRow(draft.id)).toBeUndefined();
      expect(await feedRows(draft.id)).toEqual([]);
    }
  });

  it('deleting an account deletes the person’s articles and their pictures', async () => {
    const [a, b] = [await person(), await person()];
    const image = await uploaded(a);
    const article = await write(a, { imageUrl: image });
    const draft = await write(a, { status: 'draft' });
    await engage(article.id, b.id);
    const res = await a.agent.post('/api/account/delete', { password: a.password });
    expect(res.status, res.text).toBe(200);
    expect(await articleRow(article.id)).toBeUndefined();
    expect(await articleRow(draft.id)).toBeUndefined();
    expect(await feedRows(article.id)).toEqual([]);
    expect(await engagement(article.id)).toEqual({ reactions: 0, comments: 0 });
    expect((await fetchFile(image)).status).toBe(404);
  });
});

describe('search', () => {
  it('finds published articles by title, by body words, by part of a title word and despite a typo', async () => {
    const [a, b] = [await person(), await person()];
    const image = await uploaded(a);
    const article = await write(a, {
      title: 'Quokka husbandry on Rottnest',
      content: 'Marsupials thrive when the islanders protect their burrows from foxes.',
      category: 'lifestyle',
      imageUrl: image,
    });
    for (const q of [
      'quokka',
      'QUOKKA Rottnest',
      'burrow',
      'islander foxes',
      'husband',
      'quokak',
      'Rotnest',
      'qu',
    ])
      expect(await search(b.agent, q), q).toContain(article.id);
    expect(await search(b.agent, 'kangaroo')).not.toContain(article.id);
    // Stop words only, punctuation, operators and quotes are plain text, never an error.
    for (const q of ['the', '!!', '"quokka" & | !', "quokka' or 1=1 --", 'a'])
      expect(Array.isArray(await search(b.agent, q)), q).toBe(true);
    const res = await b.agent.get<SearchPage>(`/api/search?q=quokka`);
    expect(res.body.results.find((r) => r.id === article.id)).toEqual({
      type: 'article',
      label: 'Article',
      id: article.id,
      title: 'Quokka husbandry on Rottnest',
      description: article.excerpt,
      category: 'Lifestyle',
      date: article.publishedAt,
      imageUrl: image,
      url: `/articles/${article.id}`,
    });
  });

  it('ranks a title match above a body match', async () => {
    const a = await person();
    const inBody = await write(a, {
      title: 'Something else',
      content: 'A note that mentions xylograph once.',
    });
    const inTitle = await write(a, {
      title: 'Xylograph basics',
      content: 'Carving blocks of wood for prints.',
    });
    const found = await search(a.agent, 'xylograph');
    expect(found.indexOf(inTitle.id)).toBeLessThan(found.indexOf(inBody.id));
    expect(found.indexOf(inBody.id)).toBeGreaterThanOrEqual(0);
  });
});

describe('plans', () => {
  it('tabs walk their partial indexes newest first, and search uses its indexes', async () => {
    const a = await person();
    // Enough rows that the planner weighs the indexes as it will on a real database.
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'writer ' || g, 'writer' || g || '@example.com', 'writer_' || g from generate_series(1, 300) g
        returning id, username, email)
      insert into profiles (id, username, email) select id, username, email from u`);
    await t.db
      .execute(sql`insert into articles (author_id, title, content, excerpt, preview, category, status, published_at)
      select ids.a[1 + g % array_length(ids.a, 1)], 'Note ' || left(md5(g::text), 12), 'Body ' || md5(g::text), 'x', 'x',
        (array['tech','business','lifestyle'])[1 + g % 3],
        case when g % 10 = 0 then 'draft' else 'published' end,
        case when g % 10 = 0 then null else now() - g * interval '1 minute' end
      from generate_series(1, 20000) g, (select array_agg(id) as a from profiles) ids`);
    // VACUUM too: GIN indexes tell the planner their size only after it.
    await t.db.execute(sql`vacuum analyze articles`);
    await t.db.execute(sql`analyze`);
    const cursor = { micros: String((Date.now() - 3 * 86_400_000) * 1000), id: randomUUID() };
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    for (const [viewerId, tab, at] of [
      [null, 'all', null],
      [a.id, 'all', cursor],
      [a.id, 'tech', null],
      [null, 'lifestyle', cursor],
    ] as const) {
      const plan = await explain(articleListQueries(viewerId, { tab, limit: ARTICLES.pageSize }, at).page);
      expect(plan, plan).not.toMatch(/Seq Scan on articles|Sort/);
      expect(plan, plan).toMatch(/Index Scan Backward using (articles_published_idx|articles_category_idx)/);
    }
    for (const [tab, author] of [
      ['drafts', undefined],
      ['my', undefined],
      ['all', a.id],
    ] as const) {
      const plan = await explain(
        articleListQueries(a.id, { tab, author, limit: ARTICLES.pageSize }, null).page,
      );
      expect(plan, plan).not.toMatch(/Seq Scan on articles/);
    }
    const word = createHash('md5').update('1234').digest('hex').slice(0, 12);
    for (const [text, fuzzy] of [
      [word, false],
      [`${word.slice(0, 6)}x${word.slice(7)}`, true],
      ['nothing matches this', false],
    ] as const) {
      // Every tier search may read for this text, as it reads it (docs/decisions/013).
      for (const tier of articleSearch.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
        if (tier.level === 'near' && !fuzzy) continue;
        for (const query of [searchTierRows(tier, 20), searchTierCount(tier, 1001)]) {
          const plan = await explain(query);
          expect(plan, plan).not.toMatch(/Seq Scan on articles/);
        }
      }
    }
  });
});
