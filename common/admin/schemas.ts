import { z } from 'zod';
import { LIMITS } from '../core/limits';
import { MSG } from '../core/texts';
import { ADMIN, ADMIN_MSG } from './model';

/**
 * One schema per form and query, run by both the dashboard and the API (docs/product-rules.md: rules on the
 * server).
 */

const cursor = z.string().max(200).optional();
const limit = z.coerce.number().int().min(1).max(ADMIN.pageMax).default(ADMIN.pageSize);

export const ZAdminPageQuery = z.object({ cursor, limit });

/** GET /api/admin/users: searched by username, name or email. */
export const ZAdminUserQuery = z.object({
  q: z.string().trim().max(ADMIN.searchMax).optional(),
  cursor,
  limit,
});

export const ZAdminUserId = z.object({ id: z.uuid({ error: ADMIN_MSG.userNotFound }) });
export const ZAdminArticleId = z.object({ id: z.uuid({ error: ADMIN_MSG.articleNotFound }) });

export const ZBanUser = z.strictObject({
  reason: z.string().trim().max(ADMIN.reasonMax).default(''),
});
export type BanUser = z.infer<typeof ZBanUser>;

/** Delete: the admin types the username to confirm (issue 20). */
export const ZDeleteUser = z.strictObject({
  confirmUsername: z.string({ error: ADMIN_MSG.deleteConfirmMismatch }).min(1, {
    error: ADMIN_MSG.deleteConfirmMismatch,
  }),
});
export type DeleteUser = z.infer<typeof ZDeleteUser>;

/** The admin password reset: a new password is required. */
export const ZAdminResetPassword = z.strictObject({
  newPassword: z
    .string({ error: ADMIN_MSG.enterNewPassword })
    .min(1, { error: ADMIN_MSG.enterNewPassword })
    .min(LIMITS.passwordMin, { error: MSG.passwordTooShort })
    .max(LIMITS.passwordMax, { error: MSG.passwordTooLong }),
});
export type AdminResetPassword = z.infer<typeof ZAdminResetPassword>;

export const ZSetSuperAdmin = z.strictObject({ isSuperAdmin: z.boolean() });
