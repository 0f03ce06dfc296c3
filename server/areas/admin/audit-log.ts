// Stub: replaced by part A at merge.
import type { Tx } from '../../db/rules';

/** Writes one admin action to the audit log (part A). */
export async function recordAdminAction(
  _tx: Tx,
  _entry: {
    adminId: string;
    action: string;
    targetType: string;
    targetId: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {}
