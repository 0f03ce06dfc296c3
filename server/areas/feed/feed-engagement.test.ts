import type { Article } from '@common/articles/model';
import type { FeedItem, FeedNewItems, FeedPage } from '@common/feed/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';

/*
 * Issue 21: an article's feed card shows its reaction and comment counts and reacts in place. The
 * counts ride on the feed page (one statement per page), with the viewer's own reactions.
 */

let t: TestApp;
type Person = { agent: Agent; id: string };

const person = (): Promise<Person> => signedUpPerson(t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function cardOf(agent: Agent, articleId: string, query = ''): Promise<FeedItem | undefined> {
  const res = await agent.get<FeedPage>(`/api/feed${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items.find((i) => i.contentId === articleId);
}

describe('feed cards of articles', () => {
  it('carry reaction and comment counts, and the viewer’s own reactions', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const written = await a.agent.post<Article>('/api/articles', {
      title: 'Counting on the feed',
      content: 'Words worth a reaction and a comment or two.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    });
    expect(written.status, written.text).toBe(201);
    const id = written.body.id;

    const fresh = await cardOf(b.agent, id);
    expect(fresh?.engagement).toEqual({
      reactions: {
        contentType: 'article',
        contentId: id,
        types: ['like', 'dislike', 'love', 'laugh', 'cry'],
        counts: {},
        mine: [],
        closedReason: null,
      },
      comments: 0,
    });

    for (const [who, type] of [
      [b, 'like'],
      [b, 'love'],
      [c, 'like'],
    ] as const)
      expect(
        (await who.agent.request('PUT', `/api/reactions/article/${id}/${type}`, { active: true })).status,
      ).toBe(200);
    expect((await b.agent.post(`/api/comments/article/${id}`, { content: 'Counted, thanks' })).status).toBe(
      201,
    );
    expect((await c.agent.post(`/api/comments/article/${id}`, { content: 'Me too' })).status).toBe(201);

    const asB = await cardOf(b.agent, id);
    expect(asB?.engagement?.reactions).toMatchObject({
      counts: { like: 2, love: 1 },
      mine: ['like', 'love'],
    });
    expect(asB?.engagement?.comments).toBe(2);
    const asVisitor = await cardOf(t.agent(), id);
    expect(asVisitor?.engagement?.reactions).toMatchObject({ counts: { like: 2, love: 1 }, mine: [] });
    expect(asVisitor?.engagement?.comments).toBe(2);
    // The Articles tab and a later page read the same.
    expect((await cardOf(a.agent, id, '?filter=articles'))?.engagement?.comments).toBe(2);

    // A comment by someone the viewer blocked is not counted for them.
    expect((await a.agent.post(`/api/connections/${c.id}/block`)).status).toBe(200);
    expect((await cardOf(a.agent, id))?.engagement?.comments).toBe(1);

    // Reacting in place is the reactions API: the next page read shows it.
    await b.agent.request('PUT', `/api/reactions/article/${id}/like`, { active: false });
    expect((await cardOf(b.agent, id))?.engagement?.reactions).toMatchObject({
      counts: { like: 1, love: 1 },
      mine: ['love'],
    });
  });

  it('new items for the pill carry them too; other kinds carry none', async () => {
    const [a, b] = [await person(), await person()];
    const before = await b.agent.get<FeedPage>('/api/feed');
    const since = before.body.items[0]!.id;
    const written = await a.agent.post<Article>('/api/articles', {
      title: 'Arrives with its counts',
      content: 'A card that comes in through the new posts pill.',
      category: 'business',
      imageUrl: null,
      status: 'published',
    });
    const res = await b.agent.get<FeedNewItems>(`/api/feed/new?since=${since}`);
    expect(res.status, res.text).toBe(200);
    const card = res.body.items.find((i) => i.contentId === written.body.id);
    expect(card?.engagement?.comments).toBe(0);
    const others = (await b.agent.get<FeedPage>('/api/feed')).body.items.filter((i) => i.type !== 'article');
    expect(others.length).toBeGreaterThan(0);
    for (const item of others) expect(item.engagement).toBeNull();
  });
});
