import { randomUUID } from 'node:crypto';
import type { ServerEvent } from '@common/core/realtime';
import { topic } from '@common/core/realtime';
import type { FeedItem, FeedNewItems, FeedPage } from '@common/feed/model';
import type { Group } from '@common/groups/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { openSocket, type TestApp, type TestSocket, createTestApp } from '../../test/harness';
import { eventsOf, newMember, socketOf, subscribe, type Person } from '../../test/realtime-kit';
import { publishToFeed, removeFromFeed, type FeedPublication } from './feed.service';

/*
 * A new item travels in its feed.published event (feed-live.ts), to each subscriber as they may
 * see it: the people blocked either way with its author, the outsiders of the group it is meant
 * for, and everyone when its author is banned get nothing of its content; visitors have no socket.
 */

type Published = Extract<ServerEvent, { type: 'feed.published' }>;

let t: TestApp;
let url: string;
const open: TestSocket[] = [];

const deps = () => ({ db: t.db, bus: t.booted.bus });
const publish = (item: Partial<FeedPublication> & { userId: string }) => {
  const contentId = item.contentId ?? randomUUID();
  return publishToFeed(deps(), {
    kind: 'article',
    contentId,
    title: `Live ${randomUUID()}`,
    link: `/articles/${contentId}`,
    ...item,
  });
};

/** A member with a socket on the feed topic. */
async function reader(p?: Person): Promise<{ p: Person; s: TestSocket }> {
  p ??= await newMember(t);
  const s = await socketOf(url, p);
  open.push(s);
  expect((await subscribe(s, [topic.feed])).topics).toEqual([topic.feed]);
  return { p, s };
}

const publishedOn = (s: TestSocket, itemId: string): Promise<Published> =>
  s.waitFor('feed.published', (e) => e.itemId === itemId);

/** What GET /api/feed/new answers this person for the item: the same item the event must carry. */
async function askedFor(p: Person, since: string, itemId: string): Promise<FeedItem | undefined> {
  const res = await p.agent.get<FeedNewItems>(`/api/feed/new?since=${since}`);
  expect(res.status).toBe(200);
  return res.body.items.find((i) => i.id === itemId);
}

/** Whether anything this socket received names the text. */
const saw = (s: TestSocket, text: string) => s.events.some((e) => JSON.stringify(e).includes(text));

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t?.close();
});

describe('a new item in its live event', () => {
  it('carries the item as each reader would be answered, and none of it to people blocked either way', async () => {
    const author = await reader();
    const [follower, stranger, blocker, blockedByAuthor] = [
      await reader(),
      await reader(),
      await reader(),
      await reader(),
    ];
    expect((await follower.p.agent.post(`/api/connections/${author.p.id}/follow`)).status).toBe(200);
    expect((await blocker.p.agent.post(`/api/connections/${author.p.id}/block`)).status).toBe(200);
    expect((await author.p.agent.post(`/api/connections/${blockedByAuthor.p.id}/block`)).status).toBe(200);
    const since = (await stranger.p.agent.get<FeedPage>('/api/feed')).body.items[0]!.id;

    const title = `Live ${randomUUID()}`;
    const item = await publish({ userId: author.p.id, title });
    const events = {
      author: await publishedOn(author.s, item.id),
      follower: await publishedOn(follower.s, item.id),
      stranger: await publishedOn(stranger.s, item.id),
      blocker: await publishedOn(blocker.s, item.id),
      blockedByAuthor: await publishedOn(blockedByAuthor.s, item.id),
    };
    // Exactly what the page would have been answered, counts (none yet) included.
    for (const who of ['author', 'follower', 'stranger'] as const) {
      const asked = await askedFor({ author, follower, stranger }[who].p, since, item.id);
      expect(asked).toBeDefined();
      expect(events[who].item).toEqual(asked);
    }
    expect(events.author.item).toMatchObject({ title, viewerFollows: null, author: { id: author.p.id } });
    expect(events.follower.item?.viewerFollows).toBe(true);
    expect(events.stranger.item?.viewerFollows).toBe(false);
    expect(events.stranger.item?.engagement).toMatchObject({
      comments: 0,
      reactions: { counts: {}, mine: [] },
    });
    // Blocked either way: told there is nothing for them, and nothing of the item itself.
    for (const who of [blocker, blockedByAuthor]) {
      expect(eventsOf(who.s, 'feed.published').find((e) => e.itemId === item.id)).toEqual({
        type: 'feed.published',
        itemId: item.id,
        category: 'articles',
        item: null,
      });
      expect(saw(who.s, title)).toBe(false);
      expect(await askedFor(who.p, since, item.id)).toBeUndefined();
    }
    expect(events.blocker.item).toBeNull();
  });

  it('an item meant for a private group’s members carries nothing: each page asks, and outsiders are not answered it', async () => {
    const owner = await reader();
    const outsider = await reader();
    const created = await owner.p.agent.post<Group>('/api/groups', {
      name: `Live ${process.pid} ${randomUUID().slice(0, 8)}`,
      description: 'People who build things together on weekends.',
      coverImage: null,
    });
    expect(created.status, created.text).toBe(201);
    const g = created.body;
    expect((await owner.p.agent.request('PATCH', `/api/groups/${g.id}`, { isPrivate: true })).status).toBe(
      200,
    );
    const since = (await outsider.p.agent.get<FeedPage>('/api/feed')).body.items[0]!.id;

    const title = `Private ${randomUUID()}`;
    const item = await publish({ userId: owner.p.id, title, audienceGroupId: g.id });
    for (const who of [owner, outsider]) {
      const event = await publishedOn(who.s, item.id);
      expect('item' in event).toBe(false);
      expect(saw(who.s, title)).toBe(false);
    }
    // Asked, the server applies the group's rule: its member is answered the item, the outsider not.
    expect((await askedFor(owner.p, since, item.id))?.title).toBe(title);
    expect(await askedFor(outsider.p, since, item.id)).toBeUndefined();
  });

  it('a banned author’s item carries nothing to anyone', async () => {
    const banned = await reader();
    const other = await reader();
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.p.id));
    const title = `Banned ${randomUUID()}`;
    const item = await publish({ userId: banned.p.id, title });
    const event = await publishedOn(other.s, item.id);
    expect(event.item ?? null).toBeNull();
    expect(saw(other.s, title)).toBe(false);
  });

  it('a visitor has no socket to receive it on', async () => {
    expect((await openSocket(url, null)).opened).toEqual({ ok: false, status: 401 });
  });

  it('an item removed at once is announced after its publication, never before', async () => {
    const { p, s } = await reader();
    const contentId = randomUUID();
    const item = await publish({ userId: p.id, contentId });
    expect(await removeFromFeed(deps(), { type: 'article', contentId })).toBe(1);
    await s.waitFor('feed.removed', (e) => e.itemIds.includes(item.id));
    const at = (type: string) =>
      s.events.findIndex(
        (e) =>
          e.type === type &&
          (e.type === 'feed.published'
            ? e.itemId === item.id
            : e.type === 'feed.removed' && e.itemIds.includes(item.id)),
      );
    expect(at('feed.published')).toBeGreaterThanOrEqual(0);
    expect(at('feed.published')).toBeLessThan(at('feed.removed'));
  });
});
