import type { Article, ArticleWithReactions } from '@common/articles/model';
import { COMMENTS, type Comment, type CommentPage } from '@common/comments/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * An article as read carries the first page of its comments (so its page asks no request of its
 * own for them): the page the comments API answers the same reader, without people blocked either
 * way; a draft carries none, and one who may not read the article is told nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);

async function write(p: Person, status: 'published' | 'draft' = 'published'): Promise<Article> {
  const res = await p.agent.post<Article>('/api/articles', {
    title: 'Notes from the workshop',
    content: 'A few paragraphs about **building** things with other people.',
    category: 'tech',
    imageUrl: null,
    status,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function comment(p: Person, id: string, content: string, parentId?: string): Promise<Comment> {
  const res = await p.agent.post<Comment>(
    `/api/comments/article/${id}`,
    parentId ? { content, parentId } : { content },
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function read(p: Person, id: string) {
  const res = await p.agent.get<ArticleWithReactions>(`/api/articles/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
async function alone(p: Person, id: string) {
  const res = await p.agent.get<CommentPage>(`/api/comments/article/${id}?limit=50`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('an article carries its first comments', () => {
  it('as the comments API answers them to the reader, without people blocked either way', async () => {
    const [author, reader, other] = [await person(), await person(), await person()];
    const article = await write(author);
    expect((await read(reader, article.id)).comments).toEqual(await alone(reader, article.id));
    const top = await comment(other, article.id, 'A question');
    await comment(author, article.id, 'An answer', top.id);
    await comment(reader, article.id, 'Thanks!');

    const seen = await read(reader, article.id);
    expect(seen.comments).toEqual(await alone(reader, article.id));
    expect(seen.comments).toMatchObject({ total: 3, nextCursor: null, closedReason: null });

    expect((await reader.agent.post(`/api/connections/${other.id}/block`)).status).toBe(200);
    const after = await read(reader, article.id);
    expect(after.comments).toEqual(await alone(reader, article.id));
    expect(after.comments!.items.map((c) => c.content)).toEqual(['Thanks!']);
    const theirs = await read(other, article.id);
    expect(theirs.comments).toEqual(await alone(other, article.id));
    expect(theirs.comments!.items.map((c) => c.content)).toEqual(['A question', 'An answer']);
  });

  it('a thread longer than a page: its first page, the whole count and the cursor to the next', async () => {
    const [author, reader] = [await person(), await person()];
    const article = await write(author);
    const n = COMMENTS.pageSize + 2;
    await t.db.execute(sql`insert into comments (content_type, content_id, user_id, content, created_at)
      select 'article', ${article.id}, ${author.id}, 'Comment ' || i, now() - (${n} - i) * interval '1 second'
      from generate_series(1, ${n}) i`);
    const seen = await read(reader, article.id);
    expect(seen.comments).toEqual(await alone(reader, article.id));
    expect(seen.comments).toMatchObject({ total: n, totalCapped: false });
    expect(seen.comments!.items).toHaveLength(COMMENTS.pageSize);
    expect(seen.comments!.items[0]!.content).toBe('Comment 1');
    const next = await reader.agent.get<CommentPage>(
      `/api/comments/article/${article.id}?limit=50&cursor=${encodeURIComponent(seen.comments!.nextCursor!)}`,
    );
    expect(next.status, next.text).toBe(200);
    expect(next.body.items.map((c) => c.content)).toEqual([`Comment ${n - 1}`, `Comment ${n}`]);
  });

  it('a draft carries none, and is nobody else’s to read', async () => {
    const [author, reader] = [await person(), await person()];
    const draft = await write(author, 'draft');
    expect(await read(author, draft.id)).toMatchObject({ reactions: null, comments: null });
    expect((await reader.agent.get(`/api/articles/${draft.id}`)).status).toBe(404);
    expect((await t.agent().get(`/api/articles/${draft.id}`)).status).toBe(401);
  });
});
