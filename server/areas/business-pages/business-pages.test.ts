import { randomUUID } from 'node:crypto';
import {
  PAGE_INQUIRY_KIND,
  BUSINESS_MSG,
  type BusinessPage,
  type BusinessPageList,
  type BusinessPost,
  type BusinessPostList,
  type BusinessReview,
  type BusinessReviewList,
  businessPageTopic,
} from '@common/business-pages/model';
import type { BusinessPageFieldsInput } from '@common/business-pages/schemas';
import { addMarkdownSiteOrigin } from '@common/core/api-links';
import type { SearchPage } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import {
  createTestApp,
  newPerson,
  openSocket,
  signUpAndVerify,
  type Agent,
  type TestApp,
} from '../../test/harness';
import { png } from '../../test/images';
import { businessPageSearch } from './business-pages.register';
import { pageListQuery } from './pages.service';

let t: TestApp;
type Person = { agent: Agent; id: string; password: string };

const ADMIN_EMAIL = `boss-${process.pid}@example.com`;

let ips = 0;
async function person(email?: string): Promise<Person> {
  // Each person from their own address: sign-ups are limited per address.
  const agent = t.agent(`10.19.${Math.floor(++ips / 200)}.${ips % 200}`);
  const { viewer, person } = await signUpAndVerify(t, agent, newPerson(email ? { email } : {}));
  return { agent, id: viewer.id, password: person.password };
}

let admin: Person;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person(ADMIN_EMAIL);
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

const fields = (o: Partial<BusinessPageFieldsInput> = {}): BusinessPageFieldsInput => ({
  name: `Harbour Bakery ${randomUUID().slice(0, 6)}`,
  category: 'Restaurant',
  description: 'Sourdough and pastries by the harbour, baked every morning.',
  website: 'https://harbour-bakery.example.com',
  email: 'hello@harbour-bakery.example.com',
  phone: '+1 555 0100',
  address: '1 Quay Street',
  hours: 'Mon-Sat 7:00-15:00',
  ...o,
});

async function createPage(p: Person, o: Partial<BusinessPageFieldsInput> = {}): Promise<BusinessPage> {
  const res = await p.agent.post<BusinessPage>('/api/business-pages', fields(o));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function createPost(
  p: Person,
  pageId: string,
  content = 'Fresh croissants today!',
): Promise<BusinessPost> {
  const res = await p.agent.post<BusinessPost>(`/api/business-pages/${pageId}/posts`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const review = (o: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Lovely bread',
  content: 'The best sourdough in town, friendly staff too.',
  ...o,
});

async function postRow(id: string) {
  const [row] = await t.db
    .execute<{ likes_count: number; shares_count: number; likes: number; shares: number }>(
      sql`select likes_count, shares_count,
        (select count(*)::int from business_post_likes where post_id = p.id) as likes,
        (select count(*)::int from business_post_shares where post_id = p.id) as shares
        from business_posts p where id = ${id}`,
    )
    .then((r) => r.rows);
  return row!;
}

async function followerCount(id: string) {
  const [row] = await t.db
    .execute<{ followers: number; rows: number }>(
      sql`select followers, (select count(*)::int from business_page_followers where business_page_id = bp.id) as rows
        from business_pages bp where id = ${id}`,
    )
    .then((r) => r.rows);
  return row!;
}

describe('validation', () => {
  it('requires name, category and description with the spec texts', async () => {
    const a = await person();
    const res = await a.agent.post('/api/business-pages', { name: ' ', description: '', category: 'Bakery' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: BUSINESS_MSG.nameRequired,
      description: BUSINESS_MSG.descriptionRequired,
      category: BUSINESS_MSG.categoryRequired,
    });
  });

  it('accepts only http(s) websites and plain email addresses, whatever is tried', async () => {
    const a = await person();
    const badSites = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example.com',
      'ftp://files.example.com',
      'https://',
      'https://exa mple.com',
      'https://evil.example.com\u202Egnp.exe',
      'https://exa\u200Bmple.com',
      'https\uFF1A//example.com',
      'https://user:pass@example.com',
      'https://localhost',
      `https://example.com/${'a'.repeat(600)}`,
      'http://<script>.com',
      'not a url',
    ];
    for (const website of badSites) {
      const res = await a.agent.post('/api/business-pages', fields({ website }));
      expect(res.status, website).toBe(400);
      expect(res.body.error.fields.website, website).toBe(BUSINESS_MSG.websiteInvalid);
    }
    const badEmails = [
      'not-an-email',
      'a@b',
      'javascript:alert(1)@example.com',
      'hello@exa\u200Bmple.com',
      'h\u202Eello@example.com',
      'hello@exa\nmple.com',
      `${'a'.repeat(300)}@example.com`,
      '"quoted"@example.com',
      'hello@example.com, other@example.com',
    ];
    for (const email of badEmails) {
      const res = await a.agent.post('/api/business-pages', fields({ email }));
      expect(res.status, JSON.stringify(email)).toBe(400);
    }
    const good = await createPage(a, {
      website: 'HTTPS://Bäckerei.example.com/menu?x=1',
      email: 'Hello@Example.com',
      phone: '',
    });
    // Stored as the URL parser writes it: an international name in punycode, shown as what it opens.
    expect(good.website).toBe('https://xn--bckerei-5wa.example.com/menu?x=1');
    expect(good.email).toBe('hello@example.com');
    expect(good.phone).toBeNull();
    const none = await createPage(a, { website: '', email: null });
    expect([none.website, none.email]).toEqual([null, null]);
  });

  it('a website typed without https:// is completed; other schemes and this site’s API are refused', async () => {
    const a = await person();
    // This site, as the server knows it from BASE_URL and its other origins.
    addMarkdownSiteOrigin('https://cofound-pages.example.com');
    const page = await createPage(a, { website: 'harbour-bakery.example.com/menu' });
    expect(page.website).toBe('https://harbour-bakery.example.com/menu');
    const edited = await a.agent.request<BusinessPage>(
      'PATCH',
      `/api/business-pages/${page.id}`,
      fields({ name: page.name, website: 'www.example.org' }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.website).toBe('https://www.example.org/');
    for (const website of [
      'javascript:alert(1)',
      'mailto:hello@example.com',
      '//evil.example.com',
      '/api/auth/sign-out',
      'cofound-pages.example.com/api/auth/sign-out',
      'cofound-pages.example.com/%61pi/auth/sign-out',
      'localhost/admin',
    ]) {
      const res = await a.agent.post('/api/business-pages', fields({ website }));
      expect(res.status, website).toBe(400);
      expect(res.body.error.fields.website, website).toBe(BUSINESS_MSG.websiteInvalid);
    }
  });

  it('reviews: rating 1 to 5 (default 5), title 3 to 100, content 10 to 1000', async () => {
    const [owner, a] = [await person(), await person()];
    const page = await createPage(owner);
    const url = `/api/business-pages/${page.id}/reviews`;
    const cases: [Record<string, unknown>, string, string][] = [
      [review({ rating: 0 }), 'rating', BUSINESS_MSG.ratingRequired],
      [review({ rating: 6 }), 'rating', BUSINESS_MSG.ratingRequired],
      [review({ title: '' }), 'title', BUSINESS_MSG.titleRequired],
      [review({ title: 'ab' }), 'title', BUSINESS_MSG.titleMin],
      [review({ title: 'a'.repeat(101) }), 'title', BUSINESS_MSG.titleMax],
      [review({ content: '' }), 'content', BUSINESS_MSG.contentRequired],
      [review({ content: 'too short' }), 'content', BUSINESS_MSG.contentMin],
      [review({ content: 'a'.repeat(1001) }), 'content', BUSINESS_MSG.contentMax],
    ];
    for (const [body, field, message] of cases) {
      const res = await a.agent.post(url, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.fields[field]).toBe(message);
    }
    const { rating: _r, ...noRating } = review();
    const res = await a.agent.post<BusinessReview>(url, noRating);
    expect(res.status, res.text).toBe(201);
    expect(res.body.rating).toBe(5);
  });

  it('a post needs content', async () => {
    const owner = await person();
    const page = await createPage(owner);
    const res = await owner.agent.post(`/api/business-pages/${page.id}/posts`, { content: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.content).toBe(BUSINESS_MSG.postRequired);
  });
});

describe('pages', () => {
  it('creating adds a feed item and a search entry; visitors browse; both not-founds are 404', async () => {
    const owner = await person();
    const page = await createPage(owner, { name: 'Zebracorn Robotics Lab', category: 'Technology' });
    expect(page).toMatchObject({
      isOwner: true,
      followers: 0,
      isVerified: false,
      rating: { average: null, count: 0 },
    });
    const feed = await t.db
      .execute<{ link: string; title: string; user_id: string }>(
        sql`select link, title, user_id::text as user_id from feed_items where type = 'business_page' and content_id = ${page.id}`,
      )
      .then((r) => r.rows);
    expect(feed).toEqual([
      { link: `/business-pages/${page.id}`, title: 'Zebracorn Robotics Lab', user_id: owner.id },
    ]);
    const found = await owner.agent.get<SearchPage>('/api/search?q=zebracorn');
    expect(found.body.results.filter((r) => r.type === 'business_page').map((r) => r.id)).toEqual([page.id]);

    const seen = await visitor.get<BusinessPage>(`/api/business-pages/${page.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isOwner: false, isFollowing: false, canDelete: false });
    const listed = await visitor.get<BusinessPageList>('/api/business-pages?category=Technology&q=zebraCORN');
    expect(listed.body.items.map((p) => p.id)).toEqual([page.id]);
    const none = await visitor.get<BusinessPageList>('/api/business-pages?q=%25');
    expect(none.body.items).toEqual([]);

    for (const path of ['/api/business-pages/not-a-uuid', `/api/business-pages/${randomUUID()}`]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(BUSINESS_MSG.notFound);
    }
    for (const path of [
      '/api/business-pages/1/posts',
      '/api/business-pages/1/reviews',
      `/api/business-pages/${randomUUID()}/posts`,
    ]) {
      expect((await visitor.get(path)).status, path).toBe(404);
    }
    expect((await owner.agent.request('PATCH', '/api/business-posts/nope', { content: 'x' })).status).toBe(
      404,
    );
    expect((await owner.agent.request('DELETE', '/api/business-reviews/nope')).status).toBe(404);
    expect((await visitor.get('/api/business-pages?cursor=bad')).status).toBe(400);
  });

  it('pages the list by cursor, newest first, without repeats', async () => {
    const owner = await person();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createPage(owner, { name: `Paged ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = new URLSearchParams({
        owner: owner.id,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      }).toString();
      const res = await visitor.get<BusinessPageList>(`/api/business-pages?${qs}`);
      seen.push(...res.body.items.map((p) => p.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('only the owner edits and changes the cover; the owner or a site admin deletes', async () => {
    const [owner, other] = [await person(), await person()];
    const page = await createPage(owner);
    const body = fields({ name: 'Renamed' });
    expect((await visitor.request('PATCH', `/api/business-pages/${page.id}`, body)).status).toBe(401);
    expect((await other.agent.request('PATCH', `/api/business-pages/${page.id}`, body)).status).toBe(404);
    expect((await admin.agent.request('PATCH', `/api/business-pages/${page.id}`, body)).status).toBe(404);
    const edited = await owner.agent.request<BusinessPage>('PATCH', `/api/business-pages/${page.id}`, body);
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Renamed');

    // Cover: an upload of one's own, the cover preset.
    const up = await owner.agent.upload(
      '/api/business-pages/images/cover',
      'file',
      await png(1600, 600),
      'c.png',
      'image/png',
    );
    expect(up.status, up.text).toBe(201);
    const otherUp = await other.agent.upload(
      '/api/business-pages/images/cover',
      'file',
      await png(1600, 600),
      'c.png',
      'image/png',
    );
    expect(
      (
        await other.agent.request('PUT', `/api/business-pages/${page.id}/cover`, {
          coverImage: otherUp.body.url,
        })
      ).status,
    ).toBe(404);
    expect(
      (await visitor.request('PUT', `/api/business-pages/${page.id}/cover`, { coverImage: up.body.url }))
        .status,
    ).toBe(401);
    // Someone else's upload is refused even to the owner.
    const stolen = await owner.agent.request('PUT', `/api/business-pages/${page.id}/cover`, {
      coverImage: otherUp.body.url,
    });
    expect(stolen.status).toBe(400);
    const covered = await owner.agent.request<BusinessPage>('PUT', `/api/business-pages/${page.id}/cover`, {
      coverImage: up.body.url,
    });
    expect(covered.status, covered.text).toBe(200);
    expect(covered.body.coverImage).toBe(up.body.url);

    expect((await visitor.request('DELETE', `/api/business-pages/${page.id}`)).status).toBe(401);
    expect((await other.agent.request('DELETE', `/api/business-pages/${page.id}`)).status).toBe(403);
    expect((await owner.agent.request('DELETE', `/api/business-pages/${page.id}`)).status).toBe(200);
    expect((await visitor.get(`/api/business-pages/${page.id}`)).status).toBe(404);
    const second = await createPage(owner);
    expect((await admin.agent.request('DELETE', `/api/business-pages/${second.id}`)).status).toBe(200);
    const feed = await t.db.execute(
      sql`select 1 from feed_items where content_id in (${page.id}, ${second.id})`,
    );
    expect(feed.rows).toEqual([]);
  });

  it('follow: members only, not the owner, counter equal to its rows, live on the page topic', async () => {
    const [owner, a, b] = [await person(), await person(), await person()];
    const page = await createPage(owner);
    const url = `/api/business-pages/${page.id}/follow`;
    const base = await t.listen();
    const watcher = await openSocket(base, b.agent);
    watcher.send({ op: 'subscribe', topics: [businessPageTopic(page.id)] });
    expect((await watcher.waitFor('subscribed')).topics).toEqual([businessPageTopic(page.id)]);

    expect((await visitor.request('PUT', url, { active: true })).status).toBe(401);
    expect((await owner.agent.request('PUT', url, { active: true })).status).toBe(403);
    const on = await a.agent.request('PUT', url, { active: true });
    expect(on.body).toEqual({ following: true, followers: 1 });
    await watcher.waitFor('business_page.changed', (e) => e.pageId === page.id && e.followers === 1);
    expect((await a.agent.request('PUT', url, { active: true })).body.followers).toBe(1);
    expect((await a.agent.get<BusinessPage>(`/api/business-pages/${page.id}`)).body.isFollowing).toBe(true);
    await Promise.all([admin, b].map((p) => p.agent.request('PUT', url, { active: true })));
    expect(await followerCount(page.id)).toEqual({ followers: 3, rows: 3 });
    expect((await a.agent.request('PUT', url, { active: false })).body.followers).toBe(2);
    expect((await a.agent.request('PUT', url, { active: false })).body.followers).toBe(2);
    expect(await followerCount(page.id)).toEqual({ followers: 2, rows: 2 });
    watcher.close();
  });
});

describe('limits and uploads', () => {
  it('a person creates at most 20 pages a day', async () => {
    const a = await person();
    for (let i = 0; i < 20; i++) await createPage(a, { name: `Branch ${i}` });
    const res = await a.agent.post('/api/business-pages', fields());
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(BUSINESS_MSG.createLimited);
  });

  it('uploads need a member; a post or page shows only its author’s own upload of the right kind', async () => {
    const [owner, other] = [await person(), await person()];
    const picture = await png(800, 600);
    expect(
      (await visitor.upload('/api/business-pages/images/content', 'file', picture, 'a.png', 'image/png'))
        .status,
    ).toBe(401);
    expect(
      (await owner.agent.upload('/api/business-pages/images/banner', 'file', picture, 'a.png', 'image/png'))
        .status,
    ).toBe(404);
    const mine = await owner.agent.upload(
      '/api/business-pages/images/content',
      'file',
      picture,
      'a.png',
      'image/png',
    );
    const theirs = await other.agent.upload(
      '/api/business-pages/images/content',
      'file',
      picture,
      'a.png',
      'image/png',
    );
    const avatar = await owner.agent.upload(
      '/api/business-pages/images/avatar',
      'file',
      picture,
      'a.png',
      'image/png',
    );
    expect([mine.status, theirs.status, avatar.status]).toEqual([201, 201, 201]);
    const page = await createPage(owner, { profileImage: avatar.body.url });
    expect(page.profileImage).toBe(avatar.body.url);
    // Someone else's upload, or an avatar used as a cover, is refused.
    expect(
      (await owner.agent.post('/api/business-pages', fields({ coverImage: avatar.body.url }))).status,
    ).toBe(400);
    const url = `/api/business-pages/${page.id}/posts`;
    expect((await owner.agent.post(url, { content: 'x', imageUrl: theirs.body.url })).status).toBe(400);
    expect((await owner.agent.post(url, { content: 'x', imageUrl: 'javascript:alert(1)' })).status).toBe(400);
    const post = await owner.agent.post<BusinessPost>(url, {
      content: 'With a picture',
      imageUrl: mine.body.url,
    });
    expect(post.status, post.text).toBe(201);
    expect(post.body.imageUrl).toBe(mine.body.url);
    const attached = await t.db.execute(
      sql`select 1 from uploads where owner_id = ${owner.id} and attached_at is not null`,
    );
    expect(attached.rows).toHaveLength(2);
  });

  it('a new post reaches readers of the page live', async () => {
    const [owner, reader] = [await person(), await person()];
    const page = await createPage(owner);
    const socket = await openSocket(await t.listen(), reader.agent);
    socket.send({ op: 'subscribe', topics: [businessPageTopic(page.id)] });
    await socket.waitFor('subscribed');
    await createPost(owner, page.id);
    const event = await socket.waitFor('business_page.changed', (e) => e.part === 'posts');
    expect(event).toEqual({ type: 'business_page.changed', pageId: page.id, followers: 0, part: 'posts' });
    socket.close();
  });
});

describe('posts', () => {
  it('only the owner posts; the author edits; the author, page owner or a site admin deletes', async () => {
    const [owner, other] = [await person(), await person()];
    const page = await createPage(owner);
    const url = `/api/business-pages/${page.id}/posts`;
    expect((await visitor.post(url, { content: 'hi' })).status).toBe(401);
    expect((await other.agent.post(url, { content: 'hi' })).status).toBe(404);
    expect((await admin.agent.post(url, { content: 'hi' })).status).toBe(404);
    const post = await createPost(owner, page.id);
    expect(post).toMatchObject({
      canEdit: true,
      canDelete: true,
      likesCount: 0,
      sharesCount: 0,
      commentsCount: 0,
    });

    const edit = { content: 'Edited text' };
    expect((await visitor.request('PATCH', `/api/business-posts/${post.id}`, edit)).status).toBe(401);
    expect((await other.agent.request('PATCH', `/api/business-posts/${post.id}`, edit)).status).toBe(403);
    expect((await admin.agent.request('PATCH', `/api/business-posts/${post.id}`, edit)).status).toBe(403);
    const edited = await owner.agent.request<BusinessPost>('PATCH', `/api/business-posts/${post.id}`, edit);
    expect(edited.body.content).toBe('Edited text');

    const list = await visitor.get<BusinessPostList>(url);
    expect(list.body.items.map((p) => p.id)).toEqual([post.id]);
    expect(list.body.items[0]).toMatchObject({ canEdit: false, canDelete: false, userHasLiked: false });

    expect((await visitor.request('DELETE', `/api/business-posts/${post.id}`)).status).toBe(401);
    expect((await other.agent.request('DELETE', `/api/business-posts/${post.id}`)).status).toBe(403);
    expect((await owner.agent.request('DELETE', `/api/business-posts/${post.id}`)).status).toBe(200);
    const second = await createPost(owner, page.id);
    expect((await admin.agent.request('DELETE', `/api/business-posts/${second.id}`)).status).toBe(200);
    expect((await visitor.get<BusinessPostList>(url)).body.items).toEqual([]);
  });

  it('likes: one per person, set on or off; counters equal their rows under 20 concurrent likes', async () => {
    const owner = await person();
    const page = await createPage(owner);
    const post = await createPost(owner, page.id);
    const url = `/api/business-posts/${post.id}/like`;
    expect((await visitor.request('PUT', url, { active: true })).status).toBe(401);
    // Signed up one after another (password hashing is queued); the likes then go at once.
    const people: Person[] = [];
    for (let i = 0; i < 20; i++) people.push(await person());
    const results = await Promise.all(people.map((p) => p.agent.request('PUT', url, { active: true })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await postRow(post.id)).toMatchObject({ likes_count: 20, likes: 20 });
    // One person tapping 20 times at once, on and off: the count still equals the rows.
    const [tapper] = people;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => tapper!.agent.request('PUT', url, { active: i % 2 === 0 })),
    );
    const after = await postRow(post.id);
    expect(after.likes_count).toBe(after.likes);
    // Half unlike at once, half like again at once.
    await Promise.all(people.slice(0, 10).map((p) => p.agent.request('PUT', url, { active: false })));
    await Promise.all([
      ...people.slice(0, 5).map((p) => p.agent.request('PUT', url, { active: true })),
      ...people.slice(10).map((p) => p.agent.request('PUT', url, { active: false })),
    ]);
    expect(await postRow(post.id)).toMatchObject({ likes_count: 5, likes: 5 });
    const mine = await people[0]!.agent.get<BusinessPostList>(`/api/business-pages/${page.id}/posts`);
    expect(mine.body.items[0]).toMatchObject({ userHasLiked: true, likesCount: 5 });
  });

  it('shares count once per person: a second share does nothing', async () => {
    const [owner, a] = [await person(), await person()];
    const page = await createPage(owner);
    const post = await createPost(owner, page.id);
    const url = `/api/business-posts/${post.id}/share`;
    expect((await visitor.post(url)).status).toBe(401);
    const shares = await Promise.all(Array.from({ length: 5 }, () => a.agent.post(url)));
    expect(shares.map((s) => s.body.sharesCount)).toEqual(Array(5).fill(1));
    expect(await postRow(post.id)).toMatchObject({ shares_count: 1, shares: 1 });
    expect((await owner.agent.post(url)).body.sharesCount).toBe(2);
  });

  it('comments go through the shared comments module, and the post is removed with them', async () => {
    const [owner, a] = [await person(), await person()];
    const page = await createPage(owner);
    const post = await createPost(owner, page.id);
    const url = `/api/comments/business_post/${post.id}`;
    expect((await visitor.post(url, { content: 'hi' })).status).toBe(401);
    const res = await a.agent.post(url, { content: 'Looks delicious' });
    expect(res.status, res.text).toBe(201);
    const listed = await visitor.get<BusinessPostList>(`/api/business-pages/${page.id}/posts`);
    expect(listed.body.items[0]!.commentsCount).toBe(1);
    const notice = await t.db.execute<{ user_id: string }>(
      sql`select user_id::text as user_id from notifications where type = 'comment' and actor_id = ${a.id}`,
    );
    expect(notice.rows).toEqual([{ user_id: owner.id }]);
    // A reply is refused: posts take one level.
    const reply = await owner.agent.post(url, { content: 'Thanks!', parentId: res.body.id });
    expect(reply.status).toBe(400);
    expect((await owner.agent.request('DELETE', `/api/business-posts/${post.id}`)).status).toBe(200);
    const left = await t.db.execute(sql`select 1 from comments where content_id = ${post.id}`);
    expect(left.rows).toEqual([]);
    expect((await a.agent.post(url, { content: 'too late' })).status).toBe(404);
  });
});

describe('reviews', () => {
  it('one per person, never on one’s own page; pending until approved; average of approved only', async () => {
    const [owner, a, b, c] = [await person(), await person(), await person(), await person()];
    const page = await createPage(owner);
    const url = `/api/business-pages/${page.id}/reviews`;
    expect((await visitor.post(url, review())).status).toBe(401);
    const own = await owner.agent.post(url, review());
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(BUSINESS_MSG.ownReview);

    const results = await Promise.all([
      a.agent.post(url, review()),
      a.agent.post(url, review({ title: 'Second try' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(BUSINESS_MSG.duplicateReview);
    const mine = results.find((r) => r.status === 201)!.body as BusinessReview;
    expect(mine.status).toBe('pending');

    // The author sees theirs, marked pending; others and visitors do not; nothing counts yet.
    expect((await a.agent.get<BusinessReviewList>(url)).body.items.map((r) => [r.id, r.status])).toEqual([
      [mine.id, 'pending'],
    ]);
    expect((await b.agent.get<BusinessReviewList>(url)).body.items).toEqual([]);
    expect((await visitor.get<BusinessReviewList>(url)).body.items).toEqual([]);
    expect((await a.agent.get<BusinessPage>(`/api/business-pages/${page.id}`)).body).toMatchObject({
      hasReviewed: true,
      rating: { average: null, count: 0 },
    });

    const rb = (await b.agent.post<BusinessReview>(url, review({ rating: 5 }))).body;
    const rc = (await c.agent.post<BusinessReview>(url, review({ rating: 3 }))).body;
    // A moderator approves two (the admin area's queue); the third stays pending.
    await t.db.execute(
      sql`update business_reviews set moderation_status = 'approved' where id in (${mine.id}, ${rb.id})`,
    );
    const seen = await visitor.get<BusinessPage>(`/api/business-pages/${page.id}`);
    expect(seen.body.rating).toEqual({ average: 4.5, count: 2 });
    expect((await visitor.get<BusinessReviewList>(url)).body.items.map((r) => r.id).sort()).toEqual(
      [mine.id, rb.id].sort(),
    );
    expect((await c.agent.get<BusinessReviewList>(url)).body.items.map((r) => r.id)).toContain(rc.id);
    await t.db.execute(sql`update business_reviews set moderation_status = 'approved' where id = ${rc.id}`);
    // (4 + 5 + 3) / 3 = 4.0; one decimal.
    expect((await visitor.get<BusinessPage>(`/api/business-pages/${page.id}`)).body.rating).toEqual({
      average: 4,
      count: 3,
    });
  });

  it('the author deletes their own; others cannot; helpful counts once per person', async () => {
    const [owner, a, b] = [await person(), await person(), await person()];
    const page = await createPage(owner);
    const url = `/api/business-pages/${page.id}/reviews`;
    const mine = (await a.agent.post<BusinessReview>(url, review())).body;
    // Pending: others cannot even see it, so cannot mark or delete it.
    expect((await b.agent.post(`/api/business-reviews/${mine.id}/helpful`)).status).toBe(404);
    expect((await b.agent.request('DELETE', `/api/business-reviews/${mine.id}`)).status).toBe(404);
    await t.db.execute(sql`update business_reviews set moderation_status = 'approved' where id = ${mine.id}`);
    expect((await visitor.post(`/api/business-reviews/${mine.id}/helpful`)).status).toBe(401);
    const marks = await Promise.all(
      Array.from({ length: 5 }, () => b.agent.post(`/api/business-reviews/${mine.id}/helpful`)),
    );
    expect(marks.map((m) => m.body.helpfulCount)).toEqual(Array(5).fill(1));
    expect((await owner.agent.post(`/api/business-reviews/${mine.id}/helpful`)).body.helpfulCount).toBe(2);
    expect((await b.agent.get<BusinessReviewList>(url)).body.items[0]).toMatchObject({
      markedHelpful: true,
      helpfulCount: 2,
    });

    expect((await visitor.request('DELETE', `/api/business-reviews/${mine.id}`)).status).toBe(401);
    expect((await b.agent.request('DELETE', `/api/business-reviews/${mine.id}`)).status).toBe(403);
    expect((await owner.agent.request('DELETE', `/api/business-reviews/${mine.id}`)).status).toBe(403);
    expect((await a.agent.request('DELETE', `/api/business-reviews/${mine.id}`)).status).toBe(200);
    // Gone: a new one may be written.
    expect((await a.agent.post(url, review())).status).toBe(201);
    const again = (await b.agent.post<BusinessReview>(url, review())).body;
    expect((await admin.agent.request('DELETE', `/api/business-reviews/${again.id}`)).status).toBe(200);
  });
});

describe('blocks, inquiries, account deletion', () => {
  it('blocked either way: the page, its posts, reviews and topic are missing, and nothing can be done', async () => {
    const [owner, blocker, blocked] = [await person(), await person(), await person()];
    const page = await createPage(owner);
    const post = await createPost(owner, page.id);
    expect((await blocker.agent.post(`/api/connections/${owner.id}/block`)).status).toBe(200);
    expect((await owner.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    const base = await t.listen();
    const byOwner = await owner.agent.get<SearchPage>(`/api/search?q=${encodeURIComponent(page.name)}`);
    expect(byOwner.body.results.map((r) => r.id)).toContain(page.id);
    for (const p of [blocker, blocked]) {
      expect((await p.agent.get(`/api/business-pages/${page.id}`)).status).toBe(404);
      expect((await p.agent.get(`/api/business-pages/${page.id}/posts`)).status).toBe(404);
      expect((await p.agent.get(`/api/business-pages/${page.id}/reviews`)).status).toBe(404);
      expect(
        (await p.agent.get<BusinessPageList>(`/api/business-pages?owner=${owner.id}`)).body.items,
      ).toEqual([]);
      expect(
        (await p.agent.request('PUT', `/api/business-pages/${page.id}/follow`, { active: true })).status,
      ).toBe(404);
      expect((await p.agent.post(`/api/business-pages/${page.id}/reviews`, review())).status).toBe(404);
      expect(
        (await p.agent.request('PUT', `/api/business-posts/${post.id}/like`, { active: true })).status,
      ).toBe(404);
      expect((await p.agent.post(`/api/business-posts/${post.id}/share`)).status).toBe(404);
      expect((await p.agent.post(`/api/comments/business_post/${post.id}`, { content: 'hi' })).status).toBe(
        404,
      );
      const found = await p.agent.get<SearchPage>(`/api/search?q=${encodeURIComponent(page.name)}`);
      expect(found.body.results.map((r) => r.id)).not.toContain(page.id);
      const socket = await openSocket(base, p.agent);
      socket.send({ op: 'subscribe', topics: [businessPageTopic(page.id)] });
      expect((await socket.waitFor('subscribed')).refused).toEqual([businessPageTopic(page.id)]);
      socket.close();
    }
    // A reviewer blocked by the reader is hidden from them.
    const reviewer = await person();
    const r = (await reviewer.agent.post<BusinessReview>(`/api/business-pages/${page.id}/reviews`, review()))
      .body;
    await t.db.execute(sql`update business_reviews set moderation_status = 'approved' where id = ${r.id}`);
    const reader = await person();
    expect(
      (await reader.agent.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`)).body.items,
    ).toHaveLength(1);
    await reader.agent.post(`/api/connections/${reviewer.id}/block`);
    expect(
      (await reader.agent.get<BusinessReviewList>(`/api/business-pages/${page.id}/reviews`)).body.items,
    ).toEqual([]);
  });

  it('Message opens a business_page conversation with the owner, carrying the page', async () => {
    const [owner, a, stranger] = [await person(), await person(), await person()];
    const page = await createPage(owner);
    const send = (to: string, id: string) =>
      a.agent.post('/api/messages', {
        receiverId: to,
        clientId: randomUUID(),
        content: 'Do you cater weddings?',
        inquiry: { kind: PAGE_INQUIRY_KIND, id },
      });
    // Someone other than the owner, or a page that is not there: refused.
    expect((await send(stranger.id, page.id)).status).toBe(400);
    expect((await send(owner.id, randomUUID())).status).toBe(400);
    const res = await send(owner.id, page.id);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      inquiry: { kind: 'business_page', id: page.id },
      metadata: { title: page.name, link: `/business-pages/${page.id}` },
    });
    const inquiries = await owner.agent.get('/api/messages/inquiries');
    expect(JSON.stringify(inquiries.body)).toContain(page.name);
    // As the wrong person: a page the sender may not see (its owner banned) is refused as missing.
    await t.db.execute(sql`update profiles set is_banned = true where id = ${owner.id}`);
    expect((await a.agent.get(`/api/business-pages/${page.id}`)).status).toBe(404);
    const hidden = await send(owner.id, page.id);
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.message).toBe(BUSINESS_MSG.inquiryNotFound);
    await t.db.execute(sql`update profiles set is_banned = false where id = ${owner.id}`);
  });

  it('account deletion takes the person’s pages, follows, likes, shares, helpful votes and reviews', async () => {
    const [owner, leaver] = [await person(), await person()];
    const page = await createPage(owner);
    const post = await createPost(owner, page.id);
    const r = (
      await owner.agent.post<BusinessReview>(
        `/api/business-pages/${(await createPage(leaver)).id}/reviews`,
        review(),
      )
    ).body;
    await t.db.execute(sql`update business_reviews set moderation_status = 'approved' where id = ${r.id}`);
    await leaver.agent.request('PUT', `/api/business-pages/${page.id}/follow`, { active: true });
    await leaver.agent.request('PUT', `/api/business-posts/${post.id}/like`, { active: true });
    await leaver.agent.post(`/api/business-posts/${post.id}/share`);
    await leaver.agent.post(`/api/business-pages/${page.id}/reviews`, review());
    expect((await leaver.agent.post('/api/account/delete', { password: leaver.password })).status).toBe(200);
    expect(await followerCount(page.id)).toEqual({ followers: 0, rows: 0 });
    expect(await postRow(post.id)).toMatchObject({ likes_count: 0, likes: 0, shares_count: 0, shares: 0 });
    const left = await t.db.execute(
      sql`select (select count(*)::int from business_pages where owner_id = ${leaver.id}) as pages,
        (select count(*)::int from business_reviews where user_id = ${leaver.id}) as reviews`,
    );
    expect(left.rows).toEqual([{ pages: 0, reviews: 0 }]);
  });
});

describe('plans', () => {
  it('the list walks its indexes newest first, and search uses its indexes', async () => {
    const a = await person();
    await t.db.execute(sql`insert into business_pages (owner_id, name, description, category, created_at)
      select ${a.id}, 'Shop ' || left(md5(g::text), 12), 'x', (array['Retail','Technology','Other'])[1 + g % 3],
        now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`vacuum analyze business_pages`);
    await t.db.execute(sql`analyze`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const cursor = { micros: String((Date.now() - 3 * 86_400_000) * 1000), id: randomUUID() };
    for (const [viewerId, category, at] of [
      [null, undefined, null],
      [a.id, undefined, cursor],
      [a.id, 'Retail', null],
    ] as const) {
      const plan = await explain(pageListQuery(viewerId, { category, limit: 12 }, at));
      expect(plan, plan).not.toMatch(/Seq Scan on business_pages|Sort/);
      expect(plan, plan).toMatch(
        /Index Scan Backward using (business_pages_created_idx|business_pages_category_idx)/,
      );
    }
    const word =
      'shop ' + (await t.db.execute<{ m: string }>(sql`select left(md5('1234'), 12) as m`)).rows[0]!.m;
    for (const [text, fuzzy] of [
      [word, false],
      [word.slice(0, 9), false],
      [`${word.slice(0, 9)}x${word.slice(10)}`, true],
      ['nothing matches this', false],
    ] as const) {
      for (const tier of businessPageSearch.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
        if (tier.level === 'near' && !fuzzy) continue;
        for (const query of [searchTierRows(tier, 20), searchTierCount(tier, 1001)]) {
          const plan = await explain(query);
          expect(plan, plan).not.toMatch(/Seq Scan on business_pages/);
        }
      }
    }
  });
});
