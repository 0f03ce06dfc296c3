import { SECURITY_MSG } from '@common/auth/security';
import {
  ZCreateReport,
  ZModerateReviews,
  ZModerationId,
  ZReportQuery,
  ZResolveReport,
  ZReviewQueueQuery,
} from '@common/admin/moderation-schemas';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isSuperAdmin } from '../../db/rules';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { createReport, listReports, resolveReport } from './reports.service';
import { listReviewQueue, moderateReviews, reviewStats } from './review-moderation.service';

/**
 * Super admins only (docs/product-rules.md: configured admins), decided before anything is read from the
 * request: a visitor gets 401, a member 403, whatever they send.
 */
const adminOnly = (deps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const viewer = requireViewer(c);
    if (!(await isSuperAdmin(deps.db, viewer.id))) throw new AppError('FORBIDDEN');
    if (deps.requireAdminTwoFactor && !viewer.twoFactorEnabled)
      throw new AppError('FORBIDDEN', SECURITY_MSG.adminRequiresTwoFactor);
    await next();
  });

/** Review moderation and reports (issue 20 part B); part A mounts it in the admin area. */
export const moderationRoutes = (deps: AppDeps) => {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>()
    .post('/reports', validate('json', ZCreateReport), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createReport(deps, viewer, c.req.valid('json')), 201);
    })
    .get('/admin/reviews', admin, validate('query', ZReviewQueueQuery), async (c) =>
      c.json(await listReviewQueue(deps.db, c.req.valid('query'))),
    )
    .get('/admin/reviews/stats', admin, async (c) => c.json(await reviewStats(deps.db)))
    .post('/admin/reviews/moderate', admin, validate('json', ZModerateReviews), async (c) =>
      c.json(await moderateReviews(deps, requireViewer(c), c.req.valid('json'))),
    )
    .get('/admin/reports', admin, validate('query', ZReportQuery), async (c) =>
      c.json(await listReports(deps.db, c.req.valid('query'))),
    )
    .post(
      '/admin/reports/:id/resolve',
      admin,
      validate('param', ZModerationId, { status: 404 }),
      validate('json', ZResolveReport),
      async (c) =>
        c.json(await resolveReport(deps, requireViewer(c), c.req.valid('param').id, c.req.valid('json'))),
    );
};
