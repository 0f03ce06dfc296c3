import { ADMIN_TOPIC } from '@common/admin/model';
import { isSuperAdmin } from '../../db/rules';
import { defineArea } from '../../platform/area';
import { adminApiDocs } from './admin.api';
import type { AppDeps } from '../../lib/context';
import { publishAdminChanged } from './admin-events';
import { adminRoutes } from './admin.routes';
import { demo as adminDemo } from './admin.demo';
import { moderationDemo } from './moderation.demo';
import { registerModeration } from './moderation.register';
import { moderationRoutes } from './moderation.routes';

/** What other areas may call: bans (part B resolves a report with one) and the audit log. */
export { banPerson } from './bans.service';
export { recordAdminAction } from './audit-log';

const [topicPrefix, topicId] = ADMIN_TOPIC.split(':') as [string, string];

/** The super-admin dashboard: users, bans, articles, the audit log; part B's moderation. */
export const adminArea = defineArea({
  name: 'admin',
  async demo(ctx) {
    await adminDemo(ctx);
    await moderationDemo(ctx);
  },
  routes: (deps: AppDeps) => adminRoutes(deps).route('/', moderationRoutes(deps)),
  api: adminApiDocs,
  register(ctx) {
    ctx.registerNotificationType('moderation');
    registerModeration(ctx);
    // The dashboard's live figures: super admins only (checked again on access.changed).
    ctx.registerTopic(topicPrefix, (userId, id) => id === topicId && isSuperAdmin(ctx.db, userId));
    // A new member counts once their address is confirmed.
    ctx.onEmailVerified(async (_userId) => {
      publishAdminChanged(ctx.bus, 'users');
    });
  },
});
