import { answers, zPage, ZIsoDate, ZUploadedImage } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import {
  FORUM_CATEGORIES,
  FORUM_MEMBER_STATUSES,
  FORUM_ROLES,
  type ForumGroup,
  type ForumGroupPage,
  type ForumImage,
  type ForumMemberPage,
  type ForumPost,
  type ForumPostWithReplies,
  type ForumPostPage,
  type ForumReply,
  type ForumReplyPage,
} from './model';
import { z } from 'zod';

/* The forums area's answers (server/areas/forums/forums.api.ts), each tied to its type in model.ts. */

const ZForumGroupSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  coverImage: z.string().nullable(),
  createdAt: ZIsoDate,
  memberCount: z.number(),
  postCount: z.number(),
  latestPost: z
    .strictObject({
      id: z.string(),
      title: z.string(),
      preview: z.string(),
      createdAt: ZIsoDate,
      authorId: z.string(),
    })
    .nullable(),
  creator: z
    .strictObject({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable() })
    .nullable(),
  membership: z.strictObject({ role: z.enum(FORUM_ROLES), status: z.enum(FORUM_MEMBER_STATUSES) }).nullable(),
});

export const ZForumGroupPage = answers<ForumGroupPage>()(zPage(ZForumGroupSummary));

export const ZForumGroup = answers<ForumGroup>()(
  ZForumGroupSummary.extend({
    isMember: z.boolean(),
    canPost: z.boolean(),
    canModerate: z.boolean(),
    pendingCount: z.number(),
  }),
);

export const ZForumImage = answers<ForumImage>()(ZUploadedImage);

export const ZForumMemberPage = answers<ForumMemberPage>()(
  zPage(
    z.strictObject({
      person: ZPersonSummary,
      role: z.enum(FORUM_ROLES),
      status: z.enum(FORUM_MEMBER_STATUSES),
      joinedAt: ZIsoDate,
      approvedAt: ZIsoDate.nullable(),
    }),
  ),
);

const ZForumPostCommon = z.strictObject({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  author: ZPersonSummary,
  createdAt: ZIsoDate,
  repliesCount: z.number(),
  viewsCount: z.number(),
  likesCount: z.number(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
});

export const ZForumPostPage = answers<ForumPostPage>()(
  zPage(ZForumPostCommon.extend({ preview: z.string() })),
);

export const ZForumPost = answers<ForumPost>()(
  ZForumPostCommon.extend({
    content: z.string(),
    updatedAt: ZIsoDate,
    group: z.strictObject({ id: z.string(), name: z.string() }),
    canReply: z.boolean(),
    canModerate: z.boolean(),
  }),
);

export const ZForumReply = answers<ForumReply>()(
  z.strictObject({
    id: z.string(),
    postId: z.string(),
    content: z.string(),
    author: ZPersonSummary,
    createdAt: ZIsoDate,
  }),
);

export const ZForumReplyPage = answers<ForumReplyPage>()(zPage(ZForumReply));

/** GET /api/forums/posts/{id}: the post with the first page of its replies. */
export const ZForumPostWithReplies = answers<ForumPostWithReplies>()(
  ZForumPost.extend({ replies: ZForumReplyPage }),
);

/** POST /api/forums/posts/{id}/views. */
export const ZForumViews = answers<{ viewsCount: number }>()(z.strictObject({ viewsCount: z.number() }));
