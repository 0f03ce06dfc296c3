import type { ArticlePage } from '@common/articles/model';
import { mentionToken } from '@common/core/mentions';
import type { FeedPage } from '@common/feed/model';
import type { ConversationPage } from '@common/messages/model';
import type { NotificationPage } from '@common/notifications/model';
import type { SearchPage } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from './areas';
import { createLogger } from './lib/logger';
import { createDemoContext, runDemo, type DemoContext } from './platform/demo';
import { createLocalStorage } from './platform/storage';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness';

/*
 * npm run demo's community, made by every area's demo part on a fresh database, then used through
 * the real API as one of the two accounts the demo prints.
 */

const SEED = 7;
let t: TestApp;
let ctx: DemoContext;

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  ctx = createDemoContext({
    db: t.db,
    storage: t.booted.storage,
    logger: createLogger('silent'),
    bus: t.booted.bus,
    seed: SEED,
  });
  await runDemo(ctx, areas);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('the demo community', () => {
  it('is made of about 200 members with avatars, friendships, messages and articles', async () => {
    expect(ctx.people).toHaveLength(200);
    expect(ctx.featured).toHaveLength(2);
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from profiles where avatar_url is not null) as avatars,
      (select count(*)::int from connections where status = 'friends') as friends,
      (select count(*)::int from messages) as messages,
      (select count(*)::int from articles where status = 'published') as articles,
      (select count(*)::int from business_ideas) as ideas,
      (select count(*)::int from events) as events,
      (select count(*)::int from business_pages) as business_pages,
      (select count(*)::int from groups where not is_private) as public_groups,
      (select count(*)::int from forum_groups) + (select count(*)::int from forum_posts) as forums,
      (select count(*)::int from feed_items) as feed`);
    expect(rows[0]).toMatchObject({
      avatars: 200,
      feed:
        200 +
        rows[0]!.articles! +
        rows[0]!.ideas! +
        rows[0]!.events! +
        rows[0]!.business_pages! +
        rows[0]!.public_groups! +
        rows[0]!.forums!,
    });
    // The investing board's ideas, the featured founder's among them.
    expect(rows[0]!.ideas).toBeGreaterThan(5);
    expect(rows[0]!.friends).toBeGreaterThan(300);
    expect(rows[0]!.messages).toBeGreaterThan(300);
    expect(rows[0]!.articles).toBeGreaterThan(20);
    // A stored avatar is served where its address says.
    const avatar = await t.agent().get(ctx.featured[0]!.avatarUrl!);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
  });

  it('shows link cards made from its own pages, never fetched: messages link to them', async () => {
    const { rows } = await t.db.execute<{ url: string; linked: number }>(sql`
      select p.url, (select count(*)::int from messages m where m.content like '%' || p.url || '%') as linked
      from link_previews p where p.status = 'ok' order by p.url`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(new URL(row.url).hostname).toMatch(/\.example$/);
    expect(rows.some((r) => r.linked > 0)).toBe(true);
    const shown = await t
      .agent()
      .get<{ preview: { imageUrl: string } }>(`/api/link-previews?url=${encodeURIComponent(rows[0]!.url)}`);
    expect(shown.status).toBe(200);
    const picture = await t.agent().get(shown.body.preview.imageUrl);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('mentions people in articles, forum replies, messages and business posts, shown under their current name', async () => {
    const [founder, investor] = ctx.featured;
    const agent = t.agent();
    const signIn = await agent.post('/api/auth/sign-in/email', {
      email: founder!.email,
      password: ctx.password,
    });
    expect(signIn.status).toBe(200);
    // The founder goes by another name since: pages show the current one, never the token's.
    const renamed = `${founder!.fullName} Okafor-Lindqvist`;
    expect((await agent.request('PATCH', '/api/profiles/me', { fullName: renamed })).status).toBe(200);
    try {
      const token = `](${founder!.id})`;
      // An article of the investor's thanks the founder: its HTML links the current name.
      const { rows: thanking } = await t.db.execute<{ id: string }>(sql`
        select id from articles where author_id = ${investor!.id} and status = 'published'
          and position(${token} in content) > 0 order by published_at limit 1`);
      expect(thanking).toHaveLength(1);
      const article = await agent.get<{ html: string; content: string }>(`/api/articles/${thanking[0]!.id}`);
      expect(article.status).toBe(200);
      expect(article.body.html).toMatch(new RegExp(`<a href="/profile/${founder!.id}"[^>]*>@${renamed}</a>`));
      expect(article.body.html).not.toContain(token);

      // A forum reply mentions them: the reply holds the token, the page asks for the current name.
      const { rows: replying } = await t.db.execute<{ post_id: string; id: string }>(sql`
        select post_id, id from forum_replies where position(${token} in content) > 0 limit 1`);
      expect(replying).toHaveLength(1);
      const replies = await agent.get<{ items: { id: string; content: string }[] }>(
        `/api/forums/posts/${replying[0]!.post_id}/replies`,
      );
      expect(replies.status).toBe(200);
      const reply = replies.body.items.find((r) => r.id === replying[0]!.id);
      expect(reply?.content).toMatch(new RegExp(`^@\\[${founder!.fullName}\\]\\(${founder!.id}\\) `));
      const names = await agent.get<{ items: { id: string; fullName: string | null }[] }>(
        `/api/people/names?ids=${founder!.id}`,
      );
      expect(names.body.items).toEqual([expect.objectContaining({ id: founder!.id, fullName: renamed })]);

      // A message to or from the founder introduces the investor: the thread holds the token.
      const { rows: introducing } = await t.db.execute<{ id: string; partner: string }>(sql`
        select id, case when sender_id = ${founder!.id} then receiver_id else sender_id end as partner
        from messages where (sender_id = ${founder!.id} or receiver_id = ${founder!.id})
          and position(${`](${investor!.id})`} in content) > 0 limit 1`);
      expect(introducing).toHaveLength(1);
      const thread = await agent.get<{ items: { id: string; content: string }[] }>(
        `/api/messages/threads/${introducing[0]!.partner}`,
      );
      expect(thread.status).toBe(200);
      expect(thread.body.items.find((m) => m.id === introducing[0]!.id)?.content).toContain(
        mentionToken({ id: investor!.id, name: investor!.fullName }),
      );
      const investorName = await agent.get<{ items: { id: string; fullName: string | null }[] }>(
        `/api/people/names?ids=${investor!.id}`,
      );
      expect(investorName.body.items).toEqual([
        expect.objectContaining({ id: investor!.id, fullName: investor!.fullName }),
      ]);

      // Each mention told its person: a notification for each, remembered as told.
      const { rows: told } = await t.db.execute<{ kind: string; n: number }>(sql`
        select m.content_kind as kind, count(*)::int as n from mentions m join notifications n
          on n.user_id = m.user_id and n.type = 'mention' and n.related_id = m.content_id
        where m.user_id = ${founder!.id} group by m.content_kind order by 1`);
      expect(told.map((r) => r.kind)).toEqual(expect.arrayContaining(['article', 'comment', 'forum_reply']));
      const { rows: kinds } = await t.db.execute<{ kind: string }>(
        sql`select distinct content_kind as kind from mentions order by 1`,
      );
      expect(kinds.map((r) => r.kind)).toEqual(['article', 'business_post', 'comment', 'forum_reply']);
    } finally {
      await agent.request('PATCH', '/api/profiles/me', { fullName: founder!.fullName });
    }
  });

  it('keeps its times consistent', async () => {
    const now = ctx.now.toISOString();
    const { rows } = await t.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from comments r join comments c on c.id = r.parent_id
        where r.created_at <= c.created_at) as replies_before_comment,
      (select count(*)::int from comments c join articles a on a.id = c.content_id
        where c.created_at < a.published_at) as comments_before_article,
      (select count(*)::int from reactions r join articles a on a.id = r.content_id
        where r.created_at < a.published_at) as reactions_before_article,
      (select count(*)::int from messages m join connections c
          on c.user_id = m.sender_id and c.connected_user_id = m.receiver_id and c.status = 'friends'
        where m.created_at < c.updated_at) as messages_before_friendship,
      (select count(*)::int from feed_items a join feed_items b on b.id > a.id
        where b.created_at < a.created_at) as feed_out_of_order,
      (select count(*)::int from conversations c where c.unread_count <> (select count(*) from messages m
        where m.receiver_id = c.owner_id and m.sender_id = c.partner_id and not m.read)) as wrong_unread_counts,
      (select count(*)::int from (
        select created_at from messages union all select created_at from comments
        union all select created_at from feed_items union all select updated_at from notifications
        union all select created_at from connections) t where created_at > ${now}::timestamptz) as in_the_future`);
    expect(rows[0]).toEqual({
      replies_before_comment: 0,
      comments_before_article: 0,
      reactions_before_article: 0,
      messages_before_friendship: 0,
      feed_out_of_order: 0,
      wrong_unread_counts: 0,
      in_the_future: 0,
    });
  });

  it('lets a featured account sign in and see a full feed, people and conversations', async () => {
    const me = ctx.featured[0]!;
    const agent = t.agent();
    const signIn = await agent.post('/api/auth/sign-in/email', { email: me.email, password: ctx.password });
    expect(signIn.status).toBe(200);

    const feed = await agent.get<FeedPage>('/api/feed');
    expect(feed.status).toBe(200);
    expect(feed.body.items.length).toBeGreaterThan(10);
    expect(feed.body.items.map((i) => i.type)).toContain('article');
    // Newest first, by id and by time alike.
    const times = feed.body.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const counts = new Map<string, number>();
    for (const p of ctx.people) counts.set(p.firstName, (counts.get(p.firstName) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const search = await agent.get<SearchPage>(`/api/search?${new URLSearchParams({ q: common })}`);
    expect(search.status).toBe(200);
    expect(search.body.results.length).toBeGreaterThan(0);

    const conversations = await agent.get<ConversationPage>('/api/messages/conversations');
    expect(conversations.status).toBe(200);
    expect(conversations.body.items.length).toBeGreaterThanOrEqual(5);
    expect(conversations.body.items.some((c) => c.unreadCount > 0)).toBe(true);

    const drafts = await agent.get<ArticlePage>('/api/articles?tab=drafts');
    expect(drafts.status).toBe(200);
    expect(drafts.body.total).toBe(3);

    const notifications = await agent.get<NotificationPage>('/api/notifications');
    expect(notifications.status).toBe(200);
    expect(notifications.body.unreadCount).toBeGreaterThan(0);
    // Comments in the founder's groups mention them, each remembered as told.
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mentions m join notifications n on n.user_id = m.user_id
        and n.type = 'mention' and n.related_id = m.content_id where m.user_id = ${me.id}`,
    );
    expect(told.rows[0]!.n).toBeGreaterThan(0);
  });

  it('is the same community for the same seed', async () => {
    // Only the people part, on another database: names and usernames come out the same.
    const other = await openTestDatabase();
    try {
      const again = createDemoContext({
        db: other.db,
        storage: createLocalStorage(`${t.dataDir}/again`),
        logger: createLogger('silent'),
        bus: t.booted.bus,
        seed: SEED,
      });
      await runDemo(
        again,
        areas.filter((a) => a.name === 'profiles'),
      );
      const names = (c: DemoContext) => c.people.map((p) => `${p.fullName} @${p.username} ${p.id}`);
      expect(names(again)).toEqual(names(ctx));
      const { rows } = await other.db.execute<{ username: string }>(
        sql`select username from profiles order by created_at, username`,
      );
      expect(rows.length).toBe(200);
    } finally {
      await other.drop();
    }
  });
});
