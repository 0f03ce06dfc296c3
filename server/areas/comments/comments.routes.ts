import { ZCommentId, ZCommentListQuery, ZCreateComment } from '@common/comments/schemas';
import { ZContentRef } from '@common/reactions/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { addComment, deleteComment, listComments, type CommentDeps } from './comments.service';

/**
 * Comments on any registered content type (docs/decisions/011). Reading follows the content; writing needs a
 * member.
 */
export function commentRoutes(deps: CommentDeps) {
  return new Hono<AppEnv>()
    .get(
      '/comments/:contentType/:contentId',
      validate('param', ZContentRef, { status: 404 }),
      validate('query', ZCommentListQuery),
      async (c) =>
        c.json(
          await listComments(deps, c.get('viewer')?.id ?? null, c.req.valid('param'), c.req.valid('query')),
        ),
    )
    .post(
      '/comments/:contentType/:contentId',
      validate('param', ZContentRef, { status: 404 }),
      validate('json', ZCreateComment),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await addComment(deps, viewer, c.req.valid('param'), c.req.valid('json')), 201);
      },
    )
    .delete('/comments/:id', validate('param', ZCommentId, { status: 404 }), async (c) => {
      const viewer = requireViewer(c);
      await deleteComment(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    });
}
