import { mentionToken } from '@common/core/mentions';
import type { SearchPage } from '@common/search/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/* A search result's snippet shows a mention as "@Name", never the token that holds the id. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('search snippets', () => {
  it('read a mention as @Name, a token cut off by the snippet’s length included', async () => {
    const [owner, ann] = await Promise.all([signedUpPerson(t), signedUpPerson(t)]);
    const word = `zephyrine${process.pid}${Date.now().toString(36)}`;
    const forum = await owner.agent.post<{ id: string }>('/api/forums', {
      name: `Mentions ${word}`,
      description: 'Where people name each other.',
      coverImage: null,
    });
    expect(forum.status, forum.text).toBe(201);
    const token = mentionToken({ id: ann.id, name: 'Ann Example' });
    // The description is the content's first 300 characters: the second mention is cut inside.
    const content = `${word}: ask ${token} about pricing. ${'x'.repeat(300 - 60 - token.length)} ${token}`;
    const post = await owner.agent.post<{ id: string }>(`/api/forums/${forum.body.id}/posts`, {
      title: `Pricing ${word}`,
      content,
      category: 'business',
    });
    expect(post.status, post.text).toBe(201);

    const res = await owner.agent.get<SearchPage>(`/api/search?${new URLSearchParams({ q: word })}`);
    expect(res.status, res.text).toBe(200);
    const hit = res.body.results.find((r) => r.id === post.body.id);
    expect(hit, JSON.stringify(res.body.results)).toBeDefined();
    expect(hit!.description).toContain(`ask @Ann Example about pricing.`);
    expect(hit!.description).not.toContain('@[');
    expect(hit!.description).not.toContain(ann.id);
    expect(hit!.description).toMatch(/ @Ann Ex/);
  });
});
