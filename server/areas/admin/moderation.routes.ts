import { ZCreateReport, ZModerationId, ZReportQuery, ZResolveReport } from '@common/admin/moderation-schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer, superAdminOnly } from '../../lib/viewer';
import { createReport, listReports, resolveReport } from './reports.service';

/**
 * Reports (issue 20 part B); part A mounts it in the admin area. The Reviews tab's endpoints belong
 * to the business-pages area, whose reviews they moderate.
 */
export const moderationRoutes = (deps: AppDeps) => {
  const admin = superAdminOnly(deps);
  return new Hono<AppEnv>()
    .post('/reports', validate('json', ZCreateReport), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createReport(deps, viewer, c.req.valid('json')), 201);
    })
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
