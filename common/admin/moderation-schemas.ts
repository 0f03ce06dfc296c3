import { z } from 'zod';
import { MODERATION, MODERATION_MSG, REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from './moderation';

/**
 * One schema per form and query, run by both the tabs and the API (docs/product-rules.md: rules on the
 * server).
 */

const cursor = z.string().max(200).optional();
const limit = z.coerce.number().int().min(1).max(MODERATION.pageMax).default(MODERATION.pageSize);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** A malformed id names nothing: the same 404 as a missing one. */
export const ZModerationId = z.object({ id: z.uuid({ error: MODERATION_MSG.reportNotFoundAdmin }) });

/** POST /api/reports: a member reports a thing they can see. */
export const ZCreateReport = z.strictObject({
  // One of the kinds the areas register (the server refuses any other with a 400).
  targetType: z.string().min(1).max(40),
  targetId: z.uuid({ error: MODERATION_MSG.reportNotFound }),
  reason: z.enum(REPORT_REASONS),
  details: optionalText(MODERATION.detailsMax),
});
export type CreateReport = z.infer<typeof ZCreateReport>;

/** GET /api/admin/reports: open or resolved, newest first. */
export const ZReportQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  cursor,
  limit,
});
export type ReportQuery = z.infer<typeof ZReportQuery>;

/** POST /api/admin/reports/{id}/resolve. */
export const ZResolveReport = z.strictObject({
  action: z.enum(REPORT_ACTIONS),
  note: optionalText(MODERATION.noteMax),
});
export type ResolveReport = z.infer<typeof ZResolveReport>;
