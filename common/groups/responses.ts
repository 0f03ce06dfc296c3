import { z } from 'zod';
import { answers, zPage, ZIsoDate, ZUploadedImage } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import type { PersonSummary } from '../profiles/model';
import { ZCommentPage } from '../comments/responses';
import { ENGAGEMENT_CONTENT_TYPES, REACTION_TYPES } from '../reactions/model';
import {
  GROUP_ROLES,
  type Group,
  type GroupImage,
  type GroupMemberPage,
  type GroupPage,
  type GroupPost,
  type GroupPostPage,
  type GroupSummary,
  type JoinRequestPage,
} from './model';

/* The groups area's answers (server/areas/groups/groups.api.ts), each tied to its type in model.ts. */

const ZGroupSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  coverImage: z.string().nullable(),
  isPrivate: z.boolean(),
  memberCount: z.number(),
  createdAt: ZIsoDate,
  memberRole: z.enum(GROUP_ROLES).nullable().optional(),
});

export const ZGroupPage = answers<GroupPage>()(zPage(ZGroupSummary));

/** GET /api/groups/suggested: one list, no further page. */
export const ZSuggestedGroups = answers<{ items: GroupSummary[] }>()(
  z.strictObject({ items: z.array(ZGroupSummary) }),
);

export const ZGroupImage = answers<GroupImage>()(ZUploadedImage);

export const ZGroup = answers<Group>()(
  ZGroupSummary.extend({
    createdBy: z.string().nullable(),
    membership: z.strictObject({
      role: z.enum(GROUP_ROLES).nullable(),
      requestPending: z.boolean(),
      invitationId: z.string().nullable(),
    }),
    isAdmin: z.boolean(),
    isMember: z.boolean(),
  }),
);

export const ZGroupMemberPage = answers<GroupMemberPage>()(
  zPage(z.strictObject({ person: ZPersonSummary, role: z.enum(GROUP_ROLES), joinedAt: ZIsoDate })).extend({
    total: z.number(),
  }),
);

export const ZGroupPost = answers<GroupPost>()(
  z.strictObject({
    id: z.string(),
    groupId: z.string(),
    author: ZPersonSummary,
    content: z.string(),
    imageUrl: z.string().nullable(),
    createdAt: ZIsoDate,
  }),
);

const ZReactionType = z.enum(REACTION_TYPES);

/** A post's reactions (ReactionSummary, common/reactions/model.ts), as the group's list carries them. */
const ZReactionSummary = z.strictObject({
  contentType: z.enum(ENGAGEMENT_CONTENT_TYPES),
  contentId: z.string(),
  types: z.array(ZReactionType),
  counts: z.partialRecord(ZReactionType, z.number()),
  mine: z.array(ZReactionType),
  closedReason: z.string().nullable(),
});

export const ZGroupPostPage = answers<GroupPostPage>()(
  zPage(ZGroupPost.extend({ reactions: ZReactionSummary.nullable(), comments: ZCommentPage.nullable() })),
);

export const ZJoinRequestPage = answers<JoinRequestPage>()(
  zPage(z.strictObject({ id: z.string(), person: ZPersonSummary, createdAt: ZIsoDate })),
);

/** POST /api/groups/{id}/join-requests: joined at once (a public group) or asked (a private one). */
export const ZJoinAsked = answers<{ ok: true; joined: boolean }>()(
  z.strictObject({ ok: z.literal(true), joined: z.boolean() }),
);

/** GET /api/groups/{id}/invitable: the admin's connections, and whether each is invited already. */
export const ZInvitablePeople = answers<{ items: { person: PersonSummary; invited: boolean }[] }>()(
  z.strictObject({ items: z.array(z.strictObject({ person: ZPersonSummary, invited: z.boolean() })) }),
);
