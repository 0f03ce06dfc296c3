import { GROUP_LIST_TOPIC } from '@common/groups/model';
import {
  ZCreateGroupPost,
  ZGroupChildId,
  ZGroupFields,
  ZGroupId,
  ZGroupListQuery,
  ZGroupPrivacy,
  ZInvitationAnswer,
  ZInviteInput,
  ZInviteSearch,
  ZLeaveGroup,
  ZMemberRole,
  ZPageQuery,
  ZShareGroupPost,
} from '@common/groups/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import {
  answerInvitation,
  answerJoinRequest,
  findInvitable,
  inviteByEmail,
  listJoinRequests,
  requestToJoin,
} from './group-membership.service';
import { createPost, deleteGroupPost, listPosts, sharePost, uploadGroupImage } from './group-posts.service';
import type { GroupDeps } from './group-rows';
import { suggestGroups } from './group-suggestions.service';
import {
  createGroup,
  getGroup,
  leaveGroup,
  listGroups,
  listMembers,
  removeMember,
  setGroupPrivacy,
  setMemberRole,
} from './groups.service';

const ZImageKind = z.object({ kind: z.enum(['cover', 'post']).default('post') });
const ZApprove = z.strictObject({ approve: z.boolean() });
// A malformed id names nothing: the same 404 as a missing group.
const id404 = { status: 404 } as const;

/** Social groups: the list is public; everything else needs a member. */
export function groupRoutes(deps: GroupDeps) {
  return new Hono<AppEnv>()
    .get('/groups', validate('query', ZGroupListQuery), async (c) =>
      c.json(await listGroups(deps, c.get('viewer'), c.req.valid('query'))),
    )
    .get('/groups/suggested', async (c) => c.json(await suggestGroups(deps, requireViewer(c))))
    .post('/groups/images', validate('query', ZImageKind), async (c) => {
      const viewer = requireViewer(c);
      const { kind } = c.req.valid('query');
      const image = await withImageUpload(c, deps, viewer.id, (file) =>
        uploadGroupImage(deps, viewer, file, kind),
      );
      return c.json(image, 201);
    })
    .post('/groups', validate('json', ZGroupFields), async (c) => {
      const viewer = requireViewer(c);
      const group = await createGroup(deps, viewer, c.req.valid('json'));
      // Open /groups lists show it (a new group is public); nobody blocked with its creator hears of it.
      deps.bus.publish({
        topic: GROUP_LIST_TOPIC,
        event: { type: 'group.changed', groupId: group.id, what: 'group' },
        hideFromBlockedWith: viewer.id,
      });
      return c.json(group, 201);
    })
    .get('/groups/:id', validate('param', ZGroupId, id404), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getGroup(deps, viewer, c.req.valid('param').id));
    })
    .patch('/groups/:id', validate('param', ZGroupId, id404), validate('json', ZGroupPrivacy), async (c) => {
      const viewer = requireViewer(c);
      return c.json(
        await setGroupPrivacy(deps, viewer, c.req.valid('param').id, c.req.valid('json').isPrivate),
      );
    })
    .get(
      '/groups/:id/members',
      validate('param', ZGroupId, id404),
      validate('query', ZPageQuery),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listMembers(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
      },
    )
    .delete('/groups/:id/members/:childId', validate('param', ZGroupChildId, id404), async (c) => {
      const viewer = requireViewer(c);
      const { id, childId } = c.req.valid('param');
      await removeMember(deps, viewer, id, childId);
      return c.json({ ok: true as const });
    })
    .patch(
      '/groups/:id/members/:childId',
      validate('param', ZGroupChildId, id404),
      validate('json', ZMemberRole),
      async (c) => {
        const viewer = requireViewer(c);
        const { id, childId } = c.req.valid('param');
        await setMemberRole(deps, viewer, id, childId, c.req.valid('json').role);
        return c.json({ ok: true as const });
      },
    )
    .post(
      '/groups/:id/leave',
      validate('param', ZGroupId, id404),
      validate('json', ZLeaveGroup),
      async (c) => {
        const viewer = requireViewer(c);
        await leaveGroup(deps, viewer, c.req.valid('param').id, c.req.valid('json').newAdminId);
        return c.json({ ok: true as const });
      },
    )
    .get(
      '/groups/:id/posts',
      validate('param', ZGroupId, id404),
      validate('query', ZPageQuery),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listPosts(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
      },
    )
    .post(
      '/groups/:id/posts',
      validate('param', ZGroupId, id404),
      validate('json', ZCreateGroupPost),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await createPost(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
      },
    )
    .delete('/groups/:id/posts/:childId', validate('param', ZGroupChildId, id404), async (c) => {
      const viewer = requireViewer(c);
      const { id, childId } = c.req.valid('param');
      await deleteGroupPost(deps, viewer, id, childId);
      return c.json({ ok: true as const });
    })
    .post(
      '/groups/:id/posts/:childId/share',
      validate('param', ZGroupChildId, id404),
      validate('json', ZShareGroupPost),
      async (c) => {
        const viewer = requireViewer(c);
        const { id, childId } = c.req.valid('param');
        await sharePost(deps, viewer, id, childId, c.req.valid('json').comment);
        return c.json({ ok: true as const }, 201);
      },
    )
    .get(
      '/groups/:id/join-requests',
      validate('param', ZGroupId, id404),
      validate('query', ZPageQuery),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await listJoinRequests(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
      },
    )
    .post('/groups/:id/join-requests', validate('param', ZGroupId, id404), async (c) => {
      const viewer = requireViewer(c);
      const { joined } = await requestToJoin(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const, joined }, 201);
    })
    .post(
      '/groups/:id/join-requests/:childId',
      validate('param', ZGroupChildId, id404),
      validate('json', ZApprove),
      async (c) => {
        const viewer = requireViewer(c);
        const { id, childId } = c.req.valid('param');
        await answerJoinRequest(deps, viewer, id, childId, c.req.valid('json').approve);
        return c.json({ ok: true as const });
      },
    )
    .post(
      '/groups/:id/invitations',
      validate('param', ZGroupId, id404),
      validate('json', ZInviteInput),
      async (c) => {
        const viewer = requireViewer(c);
        await inviteByEmail(deps, viewer, c.req.valid('param').id, c.req.valid('json'));
        return c.json({ ok: true as const }, 201);
      },
    )
    .get(
      '/groups/:id/invitable',
      validate('param', ZGroupId, id404),
      validate('query', ZInviteSearch),
      async (c) => {
        const viewer = requireViewer(c);
        return c.json(await findInvitable(deps, viewer, c.req.valid('param').id, c.req.valid('query').q));
      },
    )
    .post(
      '/groups/:id/invitations/:childId',
      validate('param', ZGroupChildId, id404),
      validate('json', ZInvitationAnswer),
      async (c) => {
        const viewer = requireViewer(c);
        const { id, childId } = c.req.valid('param');
        await answerInvitation(deps, viewer, id, childId, c.req.valid('json').accept);
        return c.json({ ok: true as const });
      },
    );
}
