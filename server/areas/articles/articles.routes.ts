import { ZArticleId, ZArticleListQuery, ZCreateArticle, ZUpdateArticle } from '@common/articles/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import { uploadArticleImage } from './article-images.service';
import { getArticlePage, listArticles } from './article-reads.service';
import type { ArticleDeps } from './article-rows';
import { createArticle, deleteArticle, publishArticle, updateArticle } from './articles.service';

/** Articles: lists are public, reading and writing need a member. */
export function articleRoutes(deps: ArticleDeps) {
  return new Hono<AppEnv>()
    .get('/articles', validate('query', ZArticleListQuery), async (c) =>
      c.json(await listArticles(deps, c.get('viewer'), c.req.valid('query'))),
    )
    .post('/articles/images', async (c) => {
      const viewer = requireViewer(c);
      const image = await withImageUpload(c, deps, viewer.id, (file) =>
        uploadArticleImage(deps, viewer, file),
      );
      return c.json(image, 201);
    })
    .get('/articles/:id', validate('param', ZArticleId), async (c) =>
      c.json(await getArticlePage(deps, requireViewer(c), c.req.valid('param').id)),
    )
    .post('/articles', validate('json', ZCreateArticle), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createArticle(deps, viewer, c.req.valid('json')), 201);
    })
    .patch('/articles/:id', validate('param', ZArticleId), validate('json', ZUpdateArticle), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await updateArticle(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
    })
    .post('/articles/:id/publish', validate('param', ZArticleId), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await publishArticle(deps, viewer, c.req.valid('param').id));
    })
    .delete('/articles/:id', validate('param', ZArticleId), async (c) => {
      const viewer = requireViewer(c);
      await deleteArticle(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    });
}
