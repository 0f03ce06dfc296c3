import { randomUUID } from 'node:crypto';
import {
  FEED,
  FEED_MSG,
  type FeedItem,
  type FeedItemType,
  type FeedNewItems,
  type FeedPage,
} from '@common/feed/model';
import { FEED_QUERY_MSG } from '@common/feed/schemas';
import { ARTICLE_FEED_SIGN_IN } from '@common/articles/model';
import { topic } from '@common/core/realtime';
import { GROUP_POST_FEED_SIGN_IN } from '@common/groups/model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedItems, profiles } from '../../db/schema';
import { registerFeedKind } from '../../platform/feed-kinds';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';
import {
  feedQuery,
  publishToFeed,
  removeFromFeed,
  setFeedAudience,
  type FeedPublication,
} from './feed.service';

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };

const person = (): Promise<Person> => signedUpPerson(t);

const deps = () => ({ db: t.db, bus: t.booted.bus });
const publish = (item: Partial<FeedPublication> & { userId: string }) => {
  const contentId = item.contentId ?? randomUUID();
  return publishToFeed(deps(), {
    kind: 'article',
    contentId,
    title: 'A title',
    link: `/articles/${contentId}`,
    ...item,
  });
};

async function page(agent: Agent, query = ''): Promise<FeedPage> {
  const res = await agent.get<FeedPage>(`/api/feed${query}`);
  expect(res.status).toBe(200);
  return res.body;
}
const ids = (items: FeedItem[]) => items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  // Kinds of areas still to come (common/feed/model.ts), registered here as those areas will.
  registerFeedKind({ kind: 'event', category: 'events', label: 'Event', signInAction: null });
  registerFeedKind({ kind: 'forum_post', category: 'forums', label: 'Forum Post', signInAction: null });
  registerFeedKind({
    kind: 'group_post',
    category: 'groups',
    label: 'Group Post',
    signInAction: GROUP_POST_FEED_SIGN_IN,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('new members', () => {
  it('a confirmed address puts one welcome card on the feed, for members and visitors', async () => {
    const a = await person();
    const mine = await t.db.select().from(feedItems).where(eq(feedItems.userId, a.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'new_user', contentId: a.id, category: null });

    const visitor = await page(t.agent());
    const card = visitor.items.find((i) => i.author.id === a.id)!;
    expect(card).toMatchObject({
      type: 'new_user',
      title: FEED_MSG.welcome(a.username),
      author: { id: a.id, username: a.username },
      viewerFollows: null,
    });
    // The author sees their own card, without a follow state.
    expect((await page(a.agent)).items.find((i) => i.author.id === a.id)?.viewerFollows).toBeNull();
  });

  it('publishing the same content twice keeps one item in its place, with the new text', async () => {
    const a = await person();
    const contentId = randomUUID();
    const first = await publish({ userId: a.id, contentId, title: 'First' });
    await publish({ userId: a.id });
    const again = await publish({ userId: a.id, contentId, title: 'Second' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const rows = await t.db.select().from(feedItems).where(eq(feedItems.contentId, contentId));
    expect(rows.map((r) => r.title)).toEqual(['Second']);
    // The database refuses a duplicate whatever path writes it.
    await expect(
      t.db.execute(
        sql`insert into feed_items (type, content_id, user_id, title) values ('article', ${contentId}, ${a.id}, 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('viewerFollows says whether the viewer follows the author', async () => {
    const [a, b] = [await person(), await person()];
    const find = async () => (await page(a.agent)).items.find((i) => i.author.id === b.id)!;
    expect((await find()).viewerFollows).toBe(false);
    expect((await a.agent.post(`/api/connections/${b.id}/follow`)).status).toBe(200);
    expect((await find()).viewerFollows).toBe(true);
  });
});

describe('what an item says', () => {
  it('carries the link its area gave and the badge and sign-in text its kind registered', async () => {
    const a = await person();
    const contentId = randomUUID();
    const article = await publish({ userId: a.id, contentId, title: 'Linked' });
    const [row] = await t.db.select().from(feedItems).where(eq(feedItems.contentId, contentId));
    expect(row).toMatchObject({ category: 'articles', link: `/articles/${contentId}` });
    for (const agent of [a.agent, t.agent()]) {
      const items = (await page(agent, '?limit=50')).items;
      expect(items.find((i) => i.id === article.id)).toMatchObject({
        type: 'article',
        label: 'Article',
        link: `/articles/${contentId}`,
        signInAction: ARTICLE_FEED_SIGN_IN,
      });
      expect(items.find((i) => i.type === 'new_user' && i.author.id === a.id)).toMatchObject({
        label: FEED_MSG.newMemberBadge,
        link: `/profile/${a.id}`,
        signInAction: null,
      });
    }
    // Publishing again may move the content: the item follows.
    await publish({ userId: a.id, contentId, title: 'Linked', link: `/articles/${contentId}?v=2` });
    const [moved] = await t.db.select().from(feedItems).where(eq(feedItems.contentId, contentId));
    expect(moved?.link).toBe(`/articles/${contentId}?v=2`);
  });

  it('refuses a kind no area registered, writing nothing', async () => {
    const a = await person();
    const contentId = randomUUID();
    // Every kind the database lists is registered now: a made-up one stands for a forgotten one.
    const kind = 'not_a_kind' as FeedItemType;
    await expect(publish({ userId: a.id, kind, contentId })).rejects.toThrow(/not registered/);
    expect(await t.db.select().from(feedItems).where(eq(feedItems.contentId, contentId))).toEqual([]);
  });
});

describe('pages', () => {
  it('newest first, paged by cursor without gaps or repeats while new items arrive', async () => {
    const a = await person();
    const older: string[] = [];
    for (let i = 0; i < 12; i++) older.push((await publish({ userId: a.id, title: `old ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let arrived = 0;
    do {
      const res: FeedPage = await page(a.agent, `?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(res.items));
      cursor = res.nextCursor;
      // Someone publishes between every two pages: it belongs above, not in the pages below.
      await publish({ userId: a.id, title: `new ${arrived++}` });
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const numbers = seen.map(Number);
    expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
    for (const id of older) expect(seen).toContain(id);
    const all = await t.db.select({ id: feedItems.id }).from(feedItems);
    // Every item present before the first page was read, and none of those published during it.
    expect(seen).toHaveLength(all.length - arrived);
  });

  it('a filter shows its types only; a bad filter, cursor or limit is refused', async () => {
    const a = await person();
    const forum = await publish({ userId: a.id, kind: 'forum_post', title: 'Forum topic' });
    const event = await publish({ userId: a.id, kind: 'event', title: 'Meetup' });
    const forums = await page(a.agent, '?filter=forums');
    expect(ids(forums.items)).toContain(forum.id);
    expect(
      forums.items.every((i) => ['forum_post', 'forum_reply', 'forum_group_created'].includes(i.type)),
    ).toBe(true);
    expect(ids((await page(a.agent, '?filter=events')).items)).toContain(event.id);
    expect((await page(a.agent, '?filter=investing')).items).toEqual([]);
    for (const q of [
      '?filter=nope',
      '?cursor=abc',
      '?cursor=-1',
      '?cursor=99999999999999999999',
      '?limit=0',
      '?limit=51',
    ]) {
      const res = await a.agent.get(`/api/feed${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await a.agent.get('/api/feed?filter=nope')).body.error.message).toBe(
      FEED_QUERY_MSG.invalidFilter,
    );
  });
});

describe('who is shown', () => {
  it("blocked people's items never appear, either way; visitors see both", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const byB = await publish({ userId: b.id });
    const byA = await publish({ userId: a.id });
    expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
    expect(ids((await page(a.agent, '?limit=50')).items)).not.toContain(byB.id);
    expect(ids((await page(b.agent, '?limit=50')).items)).not.toContain(byA.id);
    const third = ids((await page(c.agent, '?limit=50')).items);
    expect(third).toEqual(expect.arrayContaining([byA.id, byB.id]));
    const visitor = ids((await page(t.agent(), '?limit=50')).items);
    expect(visitor).toEqual(expect.arrayContaining([byA.id, byB.id]));
  });

  it('banned and deleted authors are hidden; deleting an account removes its items', async () => {
    const [a, banned, leaving] = [await person(), await person(), await person()];
    const byBanned = await publish({ userId: banned.id });
    const byLeaving = await publish({ userId: leaving.id });
    expect(ids((await page(a.agent, '?limit=50')).items)).toContain(byBanned.id);
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    // A ban is announced as a change of the profile (the admin area will do this), which drops the
    // feed's shared first pages on every instance.
    t.booted.bus.publish({
      topic: topic.profile(banned.id),
      event: { type: 'profile.updated', userId: banned.id },
    });
    expect(ids((await page(a.agent, '?limit=50')).items)).not.toContain(byBanned.id);
    expect(ids((await page(t.agent(), '?limit=50')).items)).not.toContain(byBanned.id);

    const res = await leaving.agent.post('/api/account/delete', { password: 'correct-horse-1' });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(feedItems).where(eq(feedItems.userId, leaving.id))).toEqual([]);
    expect(ids((await page(a.agent, '?limit=50')).items)).not.toContain(byLeaving.id);
  });

  it("a group's item is shown only to those the groups area lets in", async () => {
    const [a, member] = [await person(), await person()];
    const groupId = randomUUID();
    const item = await publish({
      userId: a.id,
      kind: 'group_post',
      link: `/groups/${groupId}`,
      audienceGroupId: groupId,
    });
    expect(ids((await page(member.agent, '?limit=50')).items)).not.toContain(item.id);
    expect(ids((await page(t.agent(), '?limit=50')).items)).not.toContain(item.id);
    // A changed rule is a change of access: the shared first page asks each reader again.
    const accessChanged = () =>
      t.booted.bus.publish({ event: { type: 'access.changed', userIds: [member.id] } });
    setFeedAudience(
      (viewerId, group) => sql`(${group} = ${groupId}::uuid and ${viewerId}::uuid = ${member.id}::uuid)`,
    );
    accessChanged();
    try {
      // The first page (from the shared head) and a page below a cursor (from the database) alike.
      expect(ids((await page(member.agent, '?limit=50')).items)).toContain(item.id);
      expect(ids((await page(a.agent, '?limit=50')).items)).not.toContain(item.id);
      expect(ids((await page(t.agent(), '?limit=50')).items)).not.toContain(item.id);
      const above = await publish({ userId: a.id });
      expect(ids((await page(member.agent, `?limit=50&cursor=${above.id}`)).items)).toContain(item.id);
      expect(ids((await page(a.agent, `?limit=50&cursor=${above.id}`)).items)).not.toContain(item.id);

      // The member leaves (the groups area says so with access.changed): gone at once.
      setFeedAudience(() => sql`false`);
      accessChanged();
      expect(ids((await page(member.agent, '?limit=50')).items)).not.toContain(item.id);
    } finally {
      setFeedAudience(null);
    }
  });
});

describe('what is new', () => {
  it('lists what arrived since an id, for members only, and says when there is more', async () => {
    const [a, b] = [await person(), await person()];
    const top = (await page(a.agent)).items[0]!.id;
    const fresh = [await publish({ userId: b.id }), await publish({ userId: b.id, kind: 'event' })];
    const res = await a.agent.get<FeedNewItems>(`/api/feed/new?since=${top}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.items)).toEqual([fresh[1]!.id, fresh[0]!.id]);
    expect(res.body.more).toBe(false);
    const events = await a.agent.get<FeedNewItems>(`/api/feed/new?since=${top}&filter=events`);
    expect(ids(events.body.items)).toEqual([fresh[1]!.id]);

    expect((await t.agent().get(`/api/feed/new?since=${top}`)).status).toBe(401);
    expect((await a.agent.get('/api/feed/new')).status).toBe(400);

    const before = (await page(a.agent)).items[0]!.id;
    for (let i = 0; i <= FEED.newMax; i++) await publish({ userId: b.id });
    const many = await a.agent.get<FeedNewItems>(`/api/feed/new?since=${before}`);
    expect(many.body.items).toHaveLength(FEED.newMax);
    expect(many.body.more).toBe(true);
  });

  it('answers from the shared head as the database would: blocks either way, follows, and past the head', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const since = (await page(a.agent)).items[0]!.id;
    expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
    expect((await c.agent.post(`/api/connections/${b.id}/follow`)).status).toBe(200);
    const byB = await publish({ userId: b.id });
    const byA = await publish({ userId: a.id });
    const fresh = async (who: Person, after = since) => {
      const res = await who.agent.get<FeedNewItems>(`/api/feed/new?since=${after}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(ids((await fresh(a)).items)).toEqual([byA.id]);
    expect(ids((await fresh(b)).items)).toEqual([byB.id]);
    const third = (await fresh(c)).items;
    expect(ids(third)).toEqual([byA.id, byB.id]);
    expect(third.map((i) => i.viewerFollows)).toEqual([false, true]);
    // Further back than the shared head holds (its first hundred items): read from the database, alike.
    const old = (await page(c.agent, '?limit=50')).items.at(-1)!.id;
    for (let i = 0; i < 100; i++) await publish({ userId: c.id });
    const deep = await fresh(a, old);
    expect(deep.more).toBe(true);
    expect(deep.items).toHaveLength(FEED.newMax);
    expect(ids((await fresh(b, byA.id)).items)).toHaveLength(FEED.newMax);
    expect(ids((await fresh(a, since)).items)).not.toContain(byB.id);
  });

  it('announces published and removed items to open pages over the feed topic', async () => {
    const a = await person();
    const base = await t.listen();
    const socket = await openSocket(base, a.agent);
    socket.send({ op: 'subscribe', topics: [topic.feed, 'feed:secret'] });
    const subscribed = await socket.waitFor('subscribed');
    expect(subscribed.topics).toEqual([topic.feed]);
    expect(subscribed.refused).toEqual(['feed:secret']);

    const contentId = randomUUID();
    const item = await publish({ userId: a.id, kind: 'forum_post', contentId });
    const published = await socket.waitFor('feed.published', (e) => e.itemId === item.id);
    expect(published.category).toBe('forums');
    expect(await removeFromFeed(deps(), { type: 'forum_post', contentId })).toBe(1);
    await socket.waitFor('feed.removed', (e) => e.itemIds.includes(item.id));
    expect(
      await t.db
        .select()
        .from(feedItems)
        .where(eq(feedItems.id, Number(item.id))),
    ).toEqual([]);
    socket.ws.close();
  });
});

describe('plans', () => {
  it('walks indexes newest first: no sequential scan and no sort, for any filter or cursor', async () => {
    const a = await person();
    // Enough rows that the planner weighs the indexes as it will on a real database.
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'bulk ' || g, 'bulk' || g || '@example.com', 'bulk_' || g from generate_series(1, 3000) g
        returning id, username, email)
      insert into profiles (id, username, email) select id, username, email from u`);
    await t.db.execute(sql`insert into feed_items (type, content_id, user_id, title)
      select (array['article','event','forum_post','group_post','business_idea'])[1 + g % 5], 'bulk-' || g,
        ids.a[1 + g % array_length(ids.a, 1)], 'Bulk ' || g
      from generate_series(1, 20000) g, (select array_agg(id) as a from profiles) ids`);
    await t.db.execute(sql`insert into connections (user_id, connected_user_id, status)
      select ids.a[1 + g % 3000], ids.a[1 + (g % 3000 + 1 + g / 3000) % 3000], 'following'
      from generate_series(1, 15000) g, (select array_agg(id) as a from profiles) ids
      on conflict do nothing`);
    await t.db.execute(sql`insert into blocks (blocker_id, blocked_id)
      select ids.a[1 + g], ids.a[1 + (g + 11) % 3000] from generate_series(1, 500) g,
        (select array_agg(id) as a from profiles) ids`);
    // Most people have settings (any change makes the row); some keep their profile to friends.
    await t.db.execute(sql`insert into user_settings (user_id, profile_visible)
      select id, (row_number() over ()) % 10 <> 0 from profiles on conflict do nothing`);
    await t.db.execute(sql`analyze`);
    const top = (await page(a.agent)).items[0]!.id;
    const deep = String(Number(top) - 10000);
    for (const [viewerId, filter, before] of [
      [a.id, 'all', undefined],
      [a.id, 'all', deep],
      [a.id, 'forums', deep],
      [null, 'events', undefined],
    ] as const) {
      const rows = await t.db.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${feedQuery({ viewerId, filter, before, limit: FEED.pageSize + 1 })}`,
      );
      const plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan|Sort/);
      expect(plan, plan).toMatch(/Index Scan Backward using (feed_items_pkey|feed_items_category_idx)/);
    }
  });
});
