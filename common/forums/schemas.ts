import { z } from 'zod';
import { withinMentionCap } from '../core/mentions';
import { FORUM_CATEGORIES, FORUM_MSG, FORUM_TABS, FORUMS } from './model';

/**
 * One schema per form and query, run by both the pages and the API (docs/product-rules.md: rules on the
 * server).
 */

export const ZForumGroupFields = z.strictObject({
  name: z
    .string({ error: FORUM_MSG.nameRequired })
    .trim()
    .min(1, { error: FORUM_MSG.nameRequired })
    .max(FORUMS.nameMax, { error: FORUM_MSG.nameMax }),
  description: z.string().trim().max(FORUMS.descriptionMax, { error: FORUM_MSG.descriptionMax }).default(''),
  coverImage: z.string().max(500).nullable().default(null),
});
export type ForumGroupFields = z.infer<typeof ZForumGroupFields>;

export const ZForumId = z.object({ id: z.uuid({ error: FORUM_MSG.notFound }) });
export const ZForumChildId = z.object({
  id: z.uuid({ error: FORUM_MSG.notFound }),
  childId: z.uuid({ error: FORUM_MSG.notFound }),
});

const cursor = z.string().max(200).optional();
const limit = (d: number) => z.coerce.number().int().min(1).max(FORUMS.pageMax).default(d);

/** GET /api/forums: All Groups or My Groups, or a person's (their profile), searched by name. */
export const ZForumListQuery = z.object({
  tab: z.enum(FORUM_TABS).default('all'),
  q: z.string().trim().max(100).optional(),
  member: z.uuid().optional(),
  cursor,
  limit: limit(FORUMS.pageSize),
});
export type ForumListQuery = z.infer<typeof ZForumListQuery>;

export const ZForumPageQuery = z.object({ cursor, limit: limit(FORUMS.postPageSize) });
export type ForumPageQuery = z.infer<typeof ZForumPageQuery>;

export const ZForumMemberQuery = z.object({
  status: z.enum(['approved', 'pending']).default('approved'),
  cursor,
  limit: limit(FORUMS.memberPageSize),
});
export type ForumMemberQuery = z.infer<typeof ZForumMemberQuery>;

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: maxMessage });
/** A text people write: it may mention people, up to the cap. */
const writing = (message: string, max: number, maxMessage: string) =>
  required(message, max, maxMessage).refine(...withinMentionCap);

/** Title, content and category, all trimmed and non-empty. */
export const ZCreateForumPost = z.strictObject({
  title: required(FORUM_MSG.titleRequired, FORUMS.titleMax, FORUM_MSG.titleMax),
  content: writing(FORUM_MSG.contentRequired, FORUMS.contentMax, FORUM_MSG.contentMax),
  category: z.enum(FORUM_CATEGORIES, { error: FORUM_MSG.categoryRequired }),
});
export type CreateForumPost = z.infer<typeof ZCreateForumPost>;

export const ZCreateForumReply = z.strictObject({
  content: writing(FORUM_MSG.replyEmpty, FORUMS.replyMax, FORUM_MSG.replyMax),
});
export type CreateForumReply = z.infer<typeof ZCreateForumReply>;

/** PUT /api/forums/posts/{id}/content: the author edits their post's title and words. */
export const ZEditForumPost = z.strictObject({
  title: required(FORUM_MSG.titleRequired, FORUMS.titleMax, FORUM_MSG.titleMax),
  content: writing(FORUM_MSG.contentRequired, FORUMS.contentMax, FORUM_MSG.contentMax),
});
export type EditForumPost = z.infer<typeof ZEditForumPost>;

/** PATCH /api/forums/posts/{id}: owners and moderators pin and lock. */
export const ZModeratePost = z
  .strictObject({ isPinned: z.boolean().optional(), isLocked: z.boolean().optional() })
  .refine((v) => v.isPinned !== undefined || v.isLocked !== undefined, { error: 'Nothing to change.' });
export type ModeratePost = z.infer<typeof ZModeratePost>;

/** POST /api/forums/{id}/members/{userId}: approve a request, or change a member's role. */
export const ZMemberAction = z.strictObject({
  action: z.enum(['approve', 'promote', 'demote']),
});
export type MemberAction = z.infer<typeof ZMemberAction>;
