import { z } from 'zod';
import { answers, ZIsoDate } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import { ENGAGEMENT_CONTENT_TYPES } from '../reactions/model';
import type { Comment, CommentPage } from './model';

/*
 * The comments area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/comments/comments.api.ts). Each is tied to the type the service returns.
 */

export const ZComment = answers<Comment>()(
  z.strictObject({
    id: z.string(),
    contentType: z.enum(ENGAGEMENT_CONTENT_TYPES),
    contentId: z.string(),
    parentId: z.string().nullable(),
    depth: z.number().int(),
    content: z.string(),
    createdAt: ZIsoDate,
    author: ZPersonSummary,
  }),
);

/** A page of a content's comments; `closedReason` says why no more may be added. */
export const ZCommentPage = answers<CommentPage>()(
  z.strictObject({
    items: z.array(ZComment),
    total: z.number().int(),
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable(),
    maxDepth: z.number().int(),
    closedReason: z.string().nullable(),
  }),
);
