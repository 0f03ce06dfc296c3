import { SECURITY_MSG } from '@common/auth/security';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isSuperAdmin } from '../db/rules';
import type { AppDeps, AppEnv, Viewer } from './context';
import { AppError } from './errors';

/** The signed-in person, or a 401 for visitors. */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

/**
 * Super admins only, decided before anything is read from the request: a visitor gets 401, a
 * member 403, whatever they send. Any area's admin endpoints put it first.
 */
export const superAdminOnly = (deps: Pick<AppDeps, 'db' | 'requireAdminTwoFactor'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const viewer = requireViewer(c);
    if (!(await isSuperAdmin(deps.db, viewer.id))) throw new AppError('FORBIDDEN');
    // When the deployment requires it, a super admin without two-step sign-in is refused too.
    if (deps.requireAdminTwoFactor && !viewer.twoFactorEnabled)
      throw new AppError('FORBIDDEN', SECURITY_MSG.adminRequiresTwoFactor);
    await next();
  });
