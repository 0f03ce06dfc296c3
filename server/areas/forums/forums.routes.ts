import { FORUM_LIST_TOPIC } from '@common/forums/model';
import {
  ZCreateForumPost,
  ZCreateForumReply,
  ZForumChildId,
  ZForumGroupFields,
  ZForumId,
  ZForumListQuery,
  ZForumMemberQuery,
  ZForumPageQuery,
  ZMemberAction,
  ZEditForumPost,
  ZModeratePost,
} from '@common/forums/schemas';
import { FORUMS } from '@common/forums/model';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import {
  createForumPost,
  createForumReply,
  readForumPostWithReplies,
  listForumPosts,
  listForumReplies,
  deleteOwnForumPost,
  deleteOwnForumReply,
  editForumPost,
  editForumReply,
  moderateForumPost,
  recordForumView,
} from './forum-posts.service';
import type { ForumDeps } from './forum-rows';
import {
  actOnMember,
  createForumGroup,
  getForumGroup,
  leaveForumGroup,
  listForumGroups,
  listForumMembers,
  removeMember,
  requestToJoinForum,
  forumCoverTooLarge,
  uploadForumCover,
} from './forums.service';

// A malformed id names nothing: the same 404 as a missing group or post.
const id404 = { status: 404 } as const;
const ok = { ok: true as const };

/** Forum groups: reading is open to all; writing needs an approved member. */
export function forumRoutes(deps: ForumDeps) {
  return new Hono<AppEnv>()
    .get('/forums', validate('query', ZForumListQuery), async (c) =>
      c.json(await listForumGroups(deps, c.get('viewer'), c.req.valid('query'))),
    )
    .post('/forums/images', async (c) => {
      const viewer = requireViewer(c);
      const cover = await withImageUpload(
        c,
        deps,
        viewer.id,
        (file) => uploadForumCover(deps, viewer, file),
        {
          maxBytes: FORUMS.coverMaxBytes,
          tooLarge: forumCoverTooLarge,
        },
      );
      return c.json(cover, 201);
    })
    .post('/forums', validate('json', ZForumGroupFields), async (c) => {
      const viewer = requireViewer(c);
      const group = await createForumGroup(deps, viewer, c.req.valid('json'));
      // Open /forums lists show it (forum groups are public); nobody blocked with its creator hears of it.
      deps.bus.publish({
        topic: FORUM_LIST_TOPIC,
        event: { type: 'forum.changed', groupId: group.id, postId: null, what: 'group' },
        hideFromBlockedWith: viewer.id,
      });
      return c.json(group, 201);
    })
    .get('/forums/posts/:id', validate('param', ZForumId, id404), async (c) =>
      c.json(await readForumPostWithReplies(deps, c.get('viewer'), c.req.valid('param').id)),
    )
    .patch(
      '/forums/posts/:id',
      validate('param', ZForumId, id404),
      validate('json', ZModeratePost),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await moderateForumPost(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
      },
    )
    .put(
      '/forums/posts/:id/content',
      validate('param', ZForumId, id404),
      validate('json', ZEditForumPost),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await editForumPost(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
      },
    )
    .delete('/forums/posts/:id', validate('param', ZForumId, id404), async (c) => {
      const viewer = requireViewer(c);
      await deleteOwnForumPost(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .put(
      '/forums/replies/:id',
      validate('param', ZForumId, id404),
      validate('json', ZCreateForumReply),
      async (c) => {
        const viewer = requireViewer(c);
        await editForumReply(deps, viewer, c.req.valid('param').id, c.req.valid('json'));
        return c.json({ ok: true as const });
      },
    )
    .delete('/forums/replies/:id', validate('param', ZForumId, id404), async (c) => {
      const viewer = requireViewer(c);
      await deleteOwnForumReply(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .post('/forums/posts/:id/views', validate('param', ZForumId, id404), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await recordForumView(deps, viewer, c.req.valid('param').id));
    })
    .get(
      '/forums/posts/:id/replies',
      validate('param', ZForumId, id404),
      validate('query', ZForumPageQuery),
      async (c) =>
        c.json(await listForumReplies(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post(
      '/forums/posts/:id/replies',
      validate('param', ZForumId, id404),
      validate('json', ZCreateForumReply),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(
          await createForumReply(deps, viewer, c.req.valid('param').id, c.req.valid('json')),
          201,
        );
      },
    )
    .get('/forums/:id', validate('param', ZForumId, id404), async (c) =>
      c.json(await getForumGroup(deps, c.get('viewer'), c.req.valid('param').id)),
    )
    .get(
      '/forums/:id/posts',
      validate('param', ZForumId, id404),
      validate('query', ZForumPageQuery),
      async (c) =>
        c.json(await listForumPosts(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post(
      '/forums/:id/posts',
      validate('param', ZForumId, id404),
      validate('json', ZCreateForumPost),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await createForumPost(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
      },
    )
    .get(
      '/forums/:id/members',
      validate('param', ZForumId, id404),
      validate('query', ZForumMemberQuery),
      async (c) =>
        c.json(await listForumMembers(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .post('/forums/:id/join', validate('param', ZForumId, id404), async (c) => {
      const viewer = requireViewer(c);
      await requestToJoinForum(deps, viewer, c.req.valid('param').id);
      return c.json(ok, 201);
    })
    .post('/forums/:id/leave', validate('param', ZForumId, id404), async (c) => {
      const viewer = requireViewer(c);
      await leaveForumGroup(deps, viewer, c.req.valid('param').id);
      return c.json(ok);
    })
    .post(
      '/forums/:id/members/:childId',
      validate('param', ZForumChildId, id404),
      validate('json', ZMemberAction),
      async (c) => {
        const viewer = requireViewer(c);
        const { id, childId } = c.req.valid('param');
        await actOnMember(deps, viewer, id, childId, c.req.valid('json'));
        return c.json(ok);
      },
    )
    .delete('/forums/:id/members/:childId', validate('param', ZForumChildId, id404), async (c) => {
      const viewer = requireViewer(c);
      const { id, childId } = c.req.valid('param');
      await removeMember(deps, viewer, id, childId);
      return c.json(ok);
    });
}
