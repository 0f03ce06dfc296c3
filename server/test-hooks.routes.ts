import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError } from './lib/errors';
import { validate } from './lib/validate';
import { superAdminOnly } from './lib/viewer';

const ZRunJob = z.object({ at: z.iso.datetime() });

/**
 * End-to-end tests only (TEST_HOOKS=1, never in a deployment; not in the API's description): a
 * super admin runs one round of a background job as of the time given, so a journey can have the
 * digest of a member who has been "away" since yesterday sent now and read it from the mail.
 */
export function testHookRoutes(
  deps: Pick<AppDeps, 'db' | 'requireAdminTwoFactor'>,
  jobs: NonNullable<AppDeps['testJobs']>,
) {
  return new Hono<AppEnv>().post(
    '/test/jobs/:name',
    superAdminOnly(deps),
    validate('json', ZRunJob),
    async (c) => {
      const job = Object.hasOwn(jobs, c.req.param('name')) ? jobs[c.req.param('name')] : undefined;
      if (!job) throw new AppError('NOT_FOUND', 'No such job.');
      return c.json({ result: await job(new Date(c.req.valid('json').at)) });
    },
  );
}
