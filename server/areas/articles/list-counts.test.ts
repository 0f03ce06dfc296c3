import type { ArticlePage } from '@common/articles/model';
import type { CommentPage } from '@common/comments/model';
import { LIMITS } from '@common/core/limits';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndVerify, type TestApp } from '../../test/harness';
import { articleListQueries } from './article-reads.service';

/*
 * Anyone, signed in or not, may ask for the articles list and an article's comments as often as
 * they like (issue 13, hole 5): their counts stop at LIMITS.listCountCap, so one request never
 * scans every article or every comment of a long thread. The count is shown as '1000+' past it.
 */

const CAP = LIMITS.listCountCap;
let t: TestApp;
let authorId: string;
let articleId: string;

beforeAll(async () => {
  t = await createTestApp();
  const agent = t.agent();
  const { viewer } = await signUpAndVerify(t, agent);
  authorId = viewer.id;
  // More published articles, and more comments on one of them, than the cap.
  await t.db
    .execute(sql`insert into articles (author_id, title, content, excerpt, preview, category, status, published_at)
    select ${authorId}, 'Many ' || g, 'Content ' || g, 'x', 'x', 'business', 'published', now() - g * interval '1 second'
    from generate_series(1, ${CAP + 5}) g`);
  const { rows } = await t.db.execute<{ id: string }>(
    sql`select id::text as id from articles where author_id = ${authorId} limit 1`,
  );
  articleId = rows[0]!.id;
  await t.db.execute(sql`insert into comments (content_type, content_id, user_id, content, created_at)
    select 'article', ${articleId}, ${authorId}, 'Comment ' || g, now() - g * interval '1 second'
    from generate_series(1, ${CAP + 5}) g`);
});
afterAll(() => t?.close());

describe('counts stop at the cap', () => {
  it('the articles list, for visitors and members', async () => {
    const member = t.agent();
    await signUpAndVerify(t, member);
    for (const agent of [t.agent(), member]) {
      for (const query of ['', '?tab=business', `?author=${authorId}`]) {
        const res = await agent.get<ArticlePage>(`/api/articles${query}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total: CAP, totalCapped: true });
      }
      // A tab with fewer is counted exactly.
      expect((await agent.get<ArticlePage>('/api/articles?tab=lifestyle')).body).toMatchObject({
        total: 0,
        totalCapped: false,
      });
    }
  });

  it('the comments of an article', async () => {
    const page = (await t.agent().get<CommentPage>(`/api/comments/article/${articleId}`)).body;
    expect(page).toMatchObject({ total: CAP, totalCapped: true });
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('the count query reads at most one row over the cap', () => {
    const { count } = articleListQueries(null, { tab: 'all', limit: 12 }, null);
    const query = new PgDialect().sqlToQuery(count);
    expect(query.sql).toMatch(/limit \$\d+\s*\) capped$/);
    expect(query.params.at(-1)).toBe(CAP + 1);
  });
});
