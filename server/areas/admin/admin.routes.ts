import {
  ZAdminArticleId,
  ZAdminPageQuery,
  ZAdminResetPassword,
  ZAdminUserId,
  ZAdminUserQuery,
  ZBanUser,
  ZDeleteUser,
  ZSetSuperAdmin,
} from '@common/admin/schemas';
import { ADMIN_MSG } from '@common/admin/model';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { deleteArticleAsAdmin, deleteUser } from './admin-deletions.service';
import {
  getStats,
  getUser,
  listArticles,
  listAudit,
  listUsers,
  removeTwoFactor,
  requireSuperAdmin,
  resetPassword,
  setSuperAdmin,
} from './admin.service';
import { banPerson, unbanPerson } from './bans.service';

// A malformed id names nothing: the same 404 as a missing one.
const id404 = { status: 404 } as const;

/** The signed-in super admin, or 401 (visitor) / 403 (anyone else). */
async function requireAdmin(deps: AppDeps, c: Context<AppEnv>) {
  const viewer = requireViewer(c);
  await requireSuperAdmin(deps.db, viewer, { requireTwoFactor: deps.requireAdminTwoFactor });
  return viewer;
}

/** The super-admin dashboard's API (issue 20). */
export function adminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/admin/stats', async (c) => {
      await requireAdmin(deps, c);
      return c.json(await getStats(deps.db));
    })
    .get('/admin/users', validate('query', ZAdminUserQuery), async (c) => {
      await requireAdmin(deps, c);
      return c.json(await listUsers(deps.db, c.req.valid('query')));
    })
    .post(
      '/admin/users/:id/ban',
      validate('param', ZAdminUserId, id404),
      validate('json', ZBanUser),
      async (c) => {
        const admin = await requireAdmin(deps, c);
        const { id } = c.req.valid('param');
        const outcome = await banPerson(deps, {
          adminId: admin.id,
          userId: id,
          reason: c.req.valid('json').reason,
        });
        if (outcome === 'not-found') throw new AppError('NOT_FOUND', ADMIN_MSG.userNotFound);
        if (outcome === 'refused')
          throw new AppError(
            'FORBIDDEN',
            id === admin.id ? ADMIN_MSG.cannotBanSelf : ADMIN_MSG.cannotBanAdmin,
          );
        // 'already-banned' is the same answer: the person is banned.
        return c.json({ user: await getUser(deps.db, id) });
      },
    )
    .post('/admin/users/:id/unban', validate('param', ZAdminUserId, id404), async (c) => {
      const admin = await requireAdmin(deps, c);
      const { id } = c.req.valid('param');
      const outcome = await unbanPerson(deps, { adminId: admin.id, userId: id });
      if (outcome === 'not-found') throw new AppError('NOT_FOUND', ADMIN_MSG.userNotFound);
      return c.json({ user: await getUser(deps.db, id) });
    })
    .post(
      '/admin/users/:id/delete',
      validate('param', ZAdminUserId, id404),
      validate('json', ZDeleteUser),
      async (c) => {
        const admin = await requireAdmin(deps, c);
        await deleteUser(deps, admin, c.req.valid('param').id, c.req.valid('json').confirmUsername);
        return c.json({ deleted: true as const });
      },
    )
    .post(
      '/admin/users/:id/password',
      validate('param', ZAdminUserId, id404),
      validate('json', ZAdminResetPassword),
      async (c) => {
        const admin = await requireAdmin(deps, c);
        await resetPassword(deps, admin, c.req.valid('param').id, c.req.valid('json').newPassword);
        return c.json({ updated: true as const });
      },
    )
    .post(
      '/admin/users/:id/super-admin',
      validate('param', ZAdminUserId, id404),
      validate('json', ZSetSuperAdmin),
      async (c) => {
        const admin = await requireAdmin(deps, c);
        const user = await setSuperAdmin(
          deps,
          admin,
          c.req.valid('param').id,
          c.req.valid('json').isSuperAdmin,
        );
        return c.json({ user });
      },
    )
    .post('/admin/users/:id/two-factor/remove', validate('param', ZAdminUserId, id404), async (c) => {
      const admin = await requireAdmin(deps, c);
      return c.json({ user: await removeTwoFactor(deps, admin, c.req.valid('param').id) });
    })
    .get('/admin/articles', validate('query', ZAdminPageQuery), async (c) => {
      await requireAdmin(deps, c);
      return c.json(await listArticles(deps.db, c.req.valid('query')));
    })
    .delete('/admin/articles/:id', validate('param', ZAdminArticleId, id404), async (c) => {
      const admin = await requireAdmin(deps, c);
      await deleteArticleAsAdmin(deps, admin, c.req.valid('param').id);
      return c.json({ deleted: true as const });
    })
    .get('/admin/audit', validate('query', ZAdminPageQuery), async (c) => {
      await requireAdmin(deps, c);
      return c.json(await listAudit(deps.db, c.req.valid('query')));
    });
}
