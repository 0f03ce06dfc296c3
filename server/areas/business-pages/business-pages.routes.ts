import {
  ZActive,
  ZBusinessId,
  ZBusinessListQuery,
  ZBusinessPageFields,
  ZBusinessPost,
  ZCover,
  ZImagePreset,
  ZPageQuery,
  ZModerateReviews,
  ZReview,
  ZReviewQueueQuery,
} from '@common/business-pages/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer, superAdminOnly } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import { uploadBusinessImage } from './business-images.service';
import type { BusinessDeps } from './business-rows';
import { createPage, deletePage, getPage, listPages, setCover, setFollow, updatePage } from './pages.service';
import { createPost, deletePost, listPosts, setLike, sharePost, updatePost } from './posts.service';
import { createReview, deleteReview, listReviews, markHelpful } from './reviews.service';
import { listReviewQueue, moderateReviews, reviewStats } from './review-moderation.service';

/**
 * Business pages: lists, pages, posts and reviews are readable by visitors;
 * every write needs a member, and the service puts who may do it in its SQL.
 */
export function businessPageRoutes(deps: BusinessDeps) {
  return (
    new Hono<AppEnv>()
      .get('/business-pages', validate('query', ZBusinessListQuery), async (c) =>
        c.json(await listPages(deps, c.get('viewer'), c.req.valid('query'))),
      )
      .post('/business-pages', validate('json', ZBusinessPageFields), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await createPage(deps, viewer, c.req.valid('json')), 201);
      })
      .post('/business-pages/images/:preset', validate('param', ZImagePreset, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        const { preset } = c.req.valid('param');
        const image = await withImageUpload(c, deps, viewer.id, (file) =>
          uploadBusinessImage(deps, viewer, preset, file),
        );
        return c.json(image, 201);
      })
      .get('/business-pages/:id', validate('param', ZBusinessId, { status: 404 }), async (c) =>
        c.json(await getPage(deps, c.get('viewer'), c.req.valid('param').id)),
      )
      .patch(
        '/business-pages/:id',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZBusinessPageFields),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await updatePage(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
        },
      )
      .put(
        '/business-pages/:id/cover',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZCover),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(
            await setCover(deps, viewer, c.req.valid('param').id, c.req.valid('json').coverImage),
          );
        },
      )
      .delete('/business-pages/:id', validate('param', ZBusinessId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        await deletePage(deps, viewer, c.req.valid('param').id);
        return c.json({ ok: true as const });
      })
      .put(
        '/business-pages/:id/follow',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZActive),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await setFollow(deps, viewer, c.req.valid('param').id, c.req.valid('json').active));
        },
      )
      .get(
        '/business-pages/:id/posts',
        validate('param', ZBusinessId, { status: 404 }),
        validate('query', ZPageQuery),
        async (c) =>
          c.json(await listPosts(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
      )
      .post(
        '/business-pages/:id/posts',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZBusinessPost),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await createPost(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
        },
      )
      .patch(
        '/business-posts/:id',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZBusinessPost),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await updatePost(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
        },
      )
      .delete('/business-posts/:id', validate('param', ZBusinessId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        await deletePost(deps, viewer, c.req.valid('param').id);
        return c.json({ ok: true as const });
      })
      .put(
        '/business-posts/:id/like',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZActive),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await setLike(deps, viewer, c.req.valid('param').id, c.req.valid('json').active));
        },
      )
      .post('/business-posts/:id/share', validate('param', ZBusinessId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await sharePost(deps, viewer, c.req.valid('param').id));
      })
      .get(
        '/business-pages/:id/reviews',
        validate('param', ZBusinessId, { status: 404 }),
        validate('query', ZPageQuery),
        async (c) =>
          c.json(await listReviews(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
      )
      .post(
        '/business-pages/:id/reviews',
        validate('param', ZBusinessId, { status: 404 }),
        validate('json', ZReview),
        async (c) => {
          const viewer = requireViewer(c);
          return c.json(await createReview(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
        },
      )
      .delete('/business-reviews/:id', validate('param', ZBusinessId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        await deleteReview(deps, viewer, c.req.valid('param').id);
        return c.json({ ok: true as const });
      })
      .post('/business-reviews/:id/helpful', validate('param', ZBusinessId, { status: 404 }), async (c) => {
        const viewer = requireViewer(c);
        return c.json(await markHelpful(deps, viewer, c.req.valid('param').id));
      })
      // The admin's Reviews tab: super admins only, decided before the request is read.
      .get('/admin/reviews', superAdminOnly(deps), validate('query', ZReviewQueueQuery), async (c) =>
        c.json(await listReviewQueue(deps.db, c.req.valid('query'))),
      )
      .get('/admin/reviews/stats', superAdminOnly(deps), async (c) => c.json(await reviewStats(deps.db)))
      .post('/admin/reviews/moderate', superAdminOnly(deps), validate('json', ZModerateReviews), async (c) =>
        c.json(await moderateReviews(deps, requireViewer(c), c.req.valid('json'))),
      )
  );
}
