import { eq } from 'drizzle-orm';
import { digestPreferences, digestSends } from '../../db/schema';
import { defineArea } from '../../platform/area';
import { digestsApiDocs } from './digests.api';
import { demo } from './digests.demo';
import { exportDigests } from './digests.export';
import { digestsRoutes } from './digests.routes';

export { createDigestJob, type DigestJob } from './digests.job';

/**
 * The digest mail to members who have been away (docs/decisions/029): their choice of how often,
 * the job that sends it once per period, its one-click unsubscribe and the admin's view of its
 * runs. What a digest says comes from the sections other areas register.
 */
export const digestsArea = defineArea({
  name: 'digests',
  routes: digestsRoutes,
  api: digestsApiDocs,
  exportData: exportDigests,
  demo,
  async onAccountDeleted(tx, userId) {
    await tx.delete(digestPreferences).where(eq(digestPreferences.userId, userId));
    await tx.delete(digestSends).where(eq(digestSends.userId, userId));
  },
});
