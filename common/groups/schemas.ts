import { z } from 'zod';
import { withinMentionCap } from '../core/mentions';
import { GROUP_MSG, GROUP_ROLES, GROUP_TABS, GROUPS } from './model';

/**
 * One schema per form and query, run by both the pages and the API (docs/product-rules.md: rules on the
 * server).
 */

export const ZGroupName = z
  .string({ error: GROUP_MSG.nameMin })
  .trim()
  .min(GROUPS.nameMin, { error: GROUP_MSG.nameMin })
  .max(GROUPS.nameMax, { error: GROUP_MSG.nameMax });

export const ZGroupDescription = z
  .string({ error: GROUP_MSG.descriptionMin })
  .trim()
  .min(GROUPS.descriptionMin, { error: GROUP_MSG.descriptionMin })
  .max(GROUPS.descriptionMax, { error: GROUP_MSG.descriptionMax });

/** Step 1 of the wizard, and POST /api/groups (always public when created). */
export const ZGroupFields = z.strictObject({
  name: ZGroupName,
  description: ZGroupDescription,
  coverImage: z.string().max(500).nullable().default(null),
});
export type GroupFields = z.infer<typeof ZGroupFields>;

/**
 * PATCH /api/groups/{id}: admins switch privacy (the Private badge's rules: docs/product-rules.md: every
 * feature is a real write).
 */
export const ZGroupPrivacy = z.strictObject({ isPrivate: z.boolean() });

export const ZGroupId = z.object({ id: z.uuid({ error: GROUP_MSG.notFound }) });
export const ZGroupChildId = z.object({
  id: z.uuid({ error: GROUP_MSG.notFound }),
  childId: z.uuid({ error: GROUP_MSG.notFound }),
});

const cursor = z.string().max(200).optional();
const limit = (d: number) => z.coerce.number().int().min(1).max(GROUPS.pageMax).default(d);

/** GET /api/groups: All Groups or My Groups, optionally searched by name or description. */
export const ZGroupListQuery = z.object({
  tab: z.enum(GROUP_TABS).default('all'),
  q: z.string().trim().max(100).optional(),
  /** A profile's communities: that person's groups as the viewer may see them. */
  member: z.uuid().optional(),
  cursor,
  limit: limit(GROUPS.pageSize),
});
export type GroupListQuery = z.infer<typeof ZGroupListQuery>;

export const ZPageQuery = z.object({ cursor, limit: limit(GROUPS.postPageSize) });
export type PageQuery = z.infer<typeof ZPageQuery>;

export const ZGroupPostContent = z
  .string({ error: GROUP_MSG.postEmpty })
  .refine((s) => s.trim().length >= GROUPS.postMin, { error: GROUP_MSG.postEmpty })
  .refine((s) => s.length <= GROUPS.postMax, { error: GROUP_MSG.postMax })
  .refine(...withinMentionCap);

export const ZCreateGroupPost = z.strictObject({
  content: ZGroupPostContent,
  imageUrl: z.string().max(500).nullable().default(null),
});
export type CreateGroupPost = z.infer<typeof ZCreateGroupPost>;

export const ZShareGroupPost = z.strictObject({
  comment: z.string().trim().max(GROUPS.shareCommentMax).nullable().default(null),
});

const inviteEmail = z
  .string({ error: GROUP_MSG.emailRequired })
  .trim()
  .min(1, { error: GROUP_MSG.emailRequired })
  .max(254, { error: GROUP_MSG.noSuchUser });

/** The invite form as typed: an email address. */
export const ZInvite = z.strictObject({ email: inviteEmail });
export type Invite = z.infer<typeof ZInvite>;

/** POST /api/groups/{id}/invitations: a person by email, or one found by name (their id). */
export const ZInviteInput = z
  .strictObject({
    email: inviteEmail.optional(),
    userId: z.uuid({ error: GROUP_MSG.noSuchUser }).optional(),
  })
  .refine((v) => (v.email === undefined) !== (v.userId === undefined), {
    error: GROUP_MSG.emailRequired,
    path: ['email'],
  });
export type InviteInput = z.infer<typeof ZInviteInput>;

/** GET /api/groups/{id}/invitable?q=: people an admin may invite, found by name. */
export const ZInviteSearch = z.object({
  q: z.string().trim().min(1).max(GROUPS.inviteQueryMax),
});

/** POST /api/groups/{id}/leave: the last admin names who takes over. */
export const ZLeaveGroup = z.strictObject({ newAdminId: z.uuid().nullable().default(null) });

/** PATCH /api/groups/{id}/members/{userId}: an admin names a member admin, or an admin a member again. */
export const ZMemberRole = z.strictObject({ role: z.enum(GROUP_ROLES) });

export const ZInvitationAnswer = z.strictObject({ accept: z.boolean() });
