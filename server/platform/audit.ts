import { adminActions } from '../db/schema';
import type { Tx } from '../db/rules';

/**
 * One moderation step by someone who moderates a place of their own (a group's admins removing a
 * post, a comment or a member, naming an admin), written to the one audit log (admin_actions, the
 * admin dashboard's Audit log tab) inside the caller's transaction, so the entry exists exactly
 * when the action does. Here, not in the admin area, because the areas that moderate are ones the
 * admin area itself calls (an import loop otherwise).
 */
export async function recordModeration(
  tx: Tx,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail ?? null,
  });
}
