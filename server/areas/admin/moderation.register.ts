import { MODERATION_TOPIC_PREFIX } from '@common/admin/moderation';
import { isSuperAdmin } from '../../db/rules';
import type { AreaContext } from '../../platform/area';

/**
 * Moderation's part of the admin area's register(ctx) (the lead wires it into part A's index.ts):
 * `moderation:all`, the queues' live topic, for super admins only (re-checked on access changes).
 * Its events name only which queue changed.
 */
export function registerModeration(ctx: AreaContext): void {
  ctx.registerTopic(MODERATION_TOPIC_PREFIX, (userId, id) => id === 'all' && isSuperAdmin(ctx.db, userId));
}
