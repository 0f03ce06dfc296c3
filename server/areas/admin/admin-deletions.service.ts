import { ADMIN_MSG } from '@common/admin/model';
import { sql } from 'drizzle-orm';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { deleteArticle } from '../articles';
import { eraseAccount } from '../settings';
import { publishAdminChanged } from './admin-events';
import { getUser } from './admin.service';
import { recordAdminAction } from './audit-log';

/**
 * Deletes a person permanently, through the settings area's one account-deletion path (every
 * area's onAccountDeleted), after the admin typed the username. Never a super admin (docs/product-rules.md:
 * configured admins).
 */
export async function deleteUser(
  deps: AppDeps,
  admin: Viewer,
  userId: string,
  confirmUsername: string,
): Promise<void> {
  const user = await getUser(deps.db, userId);
  if (user.isSuperAdmin) throw new AppError('FORBIDDEN', ADMIN_MSG.cannotDeleteAdmin);
  if (confirmUsername.trim().toLowerCase() !== user.username.toLowerCase())
    throw new AppError('VALIDATION', ADMIN_MSG.deleteConfirmMismatch, {
      confirmUsername: ADMIN_MSG.deleteConfirmMismatch,
    });
  // eraseAccount checks the super-admin flag again under its row lock (a grant meanwhile).
  await eraseAccount(deps, userId, (tx) =>
    recordAdminAction(tx, {
      adminId: admin.id,
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      detail: { username: user.username, email: user.email },
    }),
  );
  deps.sessions.revoke([userId]);
  publishAdminChanged(deps.bus, 'users');
}

/**
 * Deletes an article with its feed items, reactions and comments, through the articles area's own
 * delete (a super admin may delete any article there), then writes the audit entry.
 */
export async function deleteArticleAsAdmin(deps: AppDeps, admin: Viewer, articleId: string): Promise<void> {
  // Its title, for the audit log once the article is gone.
  const { rows } = await deps.db.execute<{ title: string }>(
    sql`select title from articles where id = ${articleId}`,
  );
  try {
    await deleteArticle(deps, admin, articleId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', ADMIN_MSG.articleNotFound);
    throw err;
  }
  await recordAdminAction(deps.db, {
    adminId: admin.id,
    action: 'article.delete',
    targetType: 'article',
    targetId: articleId,
    ...(rows[0] ? { detail: { title: rows[0].title } } : {}),
  });
  publishAdminChanged(deps.bus, 'articles');
}
