import type { ArticleWithReactions } from '@common/articles/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndVerify, type Agent, type TestApp } from '../../test/harness';

/* An article's answer carries its reactions, as the reactions endpoint answers them for that viewer. */

let t: TestApp;
async function person(): Promise<{ agent: Agent; id: string }> {
  const agent = t.agent();
  const { viewer } = await signUpAndVerify(t, agent);
  return { agent, id: viewer.id };
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("an article's page answer", () => {
  it("carries the counts and the viewer's own reactions; a draft carries none", async () => {
    const [author, bob, carol] = [await person(), await person(), await person()];
    const post = (status: 'published' | 'draft') =>
      author.agent.post<ArticleWithReactions>('/api/articles', {
        title: 'Pricing a developer tool in its first year',
        content: 'Some text.',
        category: 'tech',
        imageUrl: null,
        status,
      });
    const published = await post('published');
    expect(published.status).toBe(201);
    const id = published.body.id;
    expect(
      (await bob.agent.request('PUT', `/api/reactions/article/${id}/like`, { active: true })).status,
    ).toBe(200);
    expect(
      (await carol.agent.request('PUT', `/api/reactions/article/${id}/love`, { active: true })).status,
    ).toBe(200);

    for (const viewer of [bob, carol, author]) {
      const page = await viewer.agent.get<ArticleWithReactions>(`/api/articles/${id}`);
      expect(page.status).toBe(200);
      const own = await viewer.agent.get(`/api/reactions/article/${id}`);
      expect(page.body.reactions).toEqual(own.body);
    }
    const bobs = (await bob.agent.get<ArticleWithReactions>(`/api/articles/${id}`)).body.reactions!;
    expect(bobs.counts).toEqual({ like: 1, love: 1 });
    expect(bobs.mine).toEqual(['like']);

    const draft = await post('draft');
    expect(draft.status).toBe(201);
    const mineDraft = await author.agent.get<ArticleWithReactions>(`/api/articles/${draft.body.id}`);
    expect(mineDraft.status).toBe(200);
    expect(mineDraft.body.reactions).toBeNull();
    // Someone else's draft is not there at all, reactions or not.
    expect((await bob.agent.get(`/api/articles/${draft.body.id}`)).status).toBe(404);
  });
});
