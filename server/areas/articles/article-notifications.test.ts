import { NOTIFICATION_TEXT, quoteTitle } from '@common/notifications/model';
import type { Article } from '@common/articles/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/* issue 21: notifications name the article, and a comment's opens that comment. */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };
const person = (): Promise<Person> => signedUpPerson(t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TITLE = 'What I learned from two hundred customer demos in one year';

describe('notifications about an article', () => {
  it("say 'Bob commented on your article 'What I learned...'' and open the exact comment", async () => {
    const [author, bob, carol] = [await person(), await person(), await person()];
    const created = await author.agent.post<Article>('/api/articles', {
      title: TITLE,
      content: 'Some text.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const comment = await bob.agent.post(`/api/comments/article/${id}`, { content: 'Great read' });
    expect(comment.status).toBe(201);
    const reply = await carol.agent.post(`/api/comments/article/${id}`, {
      content: 'Agreed',
      parentId: comment.body.id,
    });
    expect(reply.status).toBe(201);
    await bob.agent.request('PUT', `/api/reactions/article/${id}/like`, { active: true });

    const mine = (await author.agent.get('/api/notifications')).body.items as {
      type: string;
      message: string;
      link: string;
    }[];
    const commentNote = mine.find((n) => n.type === 'comment')!;
    expect(quoteTitle(TITLE)).toBe("'What I learned from two hundred custo...'");
    expect(commentNote.message).toBe(`${carol.username} commented on your article ${quoteTitle(TITLE)}`);
    expect(commentNote.link).toBe(`/articles/${id}#comment-${reply.body.id}`);
    expect(mine.find((n) => n.type === 'reaction')!.message).toBe(
      NOTIFICATION_TEXT.reaction.text(bob.username, 'article', TITLE),
    );

    const bobs = (await bob.agent.get('/api/notifications')).body.items as {
      message: string;
      link: string;
    }[];
    expect(bobs[0]).toMatchObject({
      message: `${carol.username} replied to your comment on ${quoteTitle(TITLE)}`,
      link: `/articles/${id}#comment-${reply.body.id}`,
    });
  });
});
