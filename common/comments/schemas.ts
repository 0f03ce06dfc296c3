import { z } from 'zod';
import { withinMentionCap } from '../core/mentions';
import { COMMENT_MSG, COMMENTS } from './model';

export const ZCommentContent = z
  .string({ error: COMMENT_MSG.required })
  .trim()
  .min(1, { error: COMMENT_MSG.required })
  .max(COMMENTS.maxLength, { error: COMMENT_MSG.tooLong })
  .refine(...withinMentionCap);

export const ZCreateComment = z.strictObject({
  content: ZCommentContent,
  parentId: z.uuid({ error: COMMENT_MSG.parentNotFound }).nullable().default(null),
});
export type CreateComment = z.infer<typeof ZCreateComment>;

export const ZCommentListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS.pageMax).default(COMMENTS.pageSize),
});

export const ZCommentId = z.object({ id: z.uuid({ error: COMMENT_MSG.notFound }) });
