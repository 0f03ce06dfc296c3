import { z } from 'zod';
import { answers, zPage, ZIsoDate } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import type { AdminArticlePage, AdminStats, AdminUserPage, AdminUserResult, AuditPage } from './model';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, type Report, type ReportPage } from './moderation';

/* The admin area's answers (server/areas/admin/admin.api.ts), each tied to its type. */

export const ZAdminStats = answers<AdminStats>()(
  z.strictObject({
    members: z.number(),
    newMembersThisWeek: z.number(),
    articles: z.number(),
    pendingReviews: z.number(),
    openReports: z.number(),
  }),
);

const ZAdminUser = z.strictObject({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: ZIsoDate,
  isBanned: z.boolean(),
  isSuperAdmin: z.boolean(),
  twoFactorEnabled: z.boolean(),
  emailVerified: z.boolean(),
});

export const ZAdminUserPage = answers<AdminUserPage>()(zPage(ZAdminUser));

/** A ban, unban, role change or removed two-step sign-in: the account as it now is. */
export const ZAdminUserResult = answers<AdminUserResult>()(z.strictObject({ user: ZAdminUser }));

/** An account or an article deleted. */
export const ZDeleted = answers<{ deleted: true }>()(z.strictObject({ deleted: z.literal(true) }));

/** A password set by an admin. */
export const ZPasswordUpdated = answers<{ updated: true }>()(z.strictObject({ updated: z.literal(true) }));

export const ZAdminArticlePage = answers<AdminArticlePage>()(
  zPage(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      excerpt: z.string(),
      createdAt: ZIsoDate,
      likes: z.number(),
      imageUrl: z.string().nullable(),
      author: z
        .strictObject({
          id: z.string(),
          username: z.string(),
          fullName: z.string().nullable(),
          email: z.string(),
        })
        .nullable(),
    }),
  ),
);

export const ZAuditPage = answers<AuditPage>()(
  zPage(
    z.strictObject({
      id: z.string(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string(),
      targetName: z.string().nullable(),
      targetLink: z.string().nullable(),
      person: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      createdAt: ZIsoDate,
      admin: z.strictObject({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
    }),
  ),
);

/** POST /api/reports: the new report's id. */
export const ZReportCreated = answers<{ id: string }>()(z.strictObject({ id: z.string() }));

export const ZReport = answers<Report>()(
  z.strictObject({
    id: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    targetLabel: z.string(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    excerpt: z.string().nullable(),
    link: z.string().nullable(),
    reporter: ZPersonSummary.nullable(),
    owner: ZPersonSummary.nullable(),
    status: z.enum(REPORT_STATUSES),
    action: z.enum(REPORT_ACTIONS).nullable(),
    note: z.string().nullable(),
    resolvedBy: z
      .strictObject({ id: z.string(), username: z.string(), fullName: z.string().optional() })
      .nullable(),
    resolvedAt: ZIsoDate.nullable(),
    createdAt: ZIsoDate,
    canRemove: z.boolean(),
  }),
);

export const ZReportPage = answers<ReportPage>()(zPage(ZReport));
