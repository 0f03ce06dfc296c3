import { adminActions } from '../../db/schema';
import type { Tx } from '../../db/rules';

/**
 * Writes one admin action to the audit log (the Audit log tab), inside the caller's transaction so
 * the entry exists exactly when the action does. Part B's moderation calls it too.
 */
export async function recordAdminAction(
  tx: Tx,
  entry: {
    adminId: string;
    action: string;
    targetType: string;
    targetId: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail ?? null,
  });
}
