import { isUuid } from '@common/core/ids';
import { defineArea } from '../../platform/area';
import { exportProfiles } from './profiles.export';
import { profilesApiDocs } from './profiles.api';
import { peopleSearch } from './people-search';
import { profileImageRoutes } from './profile-images.routes';
import { profileRoutes } from './profiles.routes';
import { profileReportTarget } from './profiles.reports';
import type { AppDeps, AppEnv } from '../../lib/context';
import { Hono } from 'hono';
import { demo } from './profiles.demo';
import { canSeeWholeProfile, createProfile, promoteSuperAdmins } from './profiles.service';

export { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from './person-summary';
export {
  canSeeWholeProfile,
  createProfile,
  getOwnProfile,
  promoteSuperAdmins,
  requireVisibleProfile,
} from './profiles.service';

/** Profiles, their pictures, and people in search. */
export const profilesArea = defineArea({
  name: 'profiles',
  demo,
  routes: (deps: AppDeps) =>
    new Hono<AppEnv>().route('/', profileRoutes(deps)).route('/', profileImageRoutes(deps)),
  async start({ db, logger, adminEmails }) {
    const promoted = await promoteSuperAdmins(db, [...adminEmails]);
    if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS: accounts made super admins');
  },
  api: profilesApiDocs,
  pageReads: [{ page: '/profile/:userId', api: '/api/profiles/:userId' }],
  exportData: exportProfiles,
  register(ctx) {
    // Every account has its profile row from the start: the public face of the account.
    ctx.onUserCreated((user) => createProfile(ctx.db, user));
    ctx.registerSearchProvider(peopleSearch);
    ctx.registerReportTarget(profileReportTarget);
    // A profile's live changes and counts: exactly who GET /api/profiles/:id shows them to (not to
    // someone blocked either way, nor a non-friend of a friends-only profile). Re-checked on every
    // access.changed, so a block or a privacy switch ends the subscription.
    ctx.registerTopic('profile', (userId, id) => isUuid(id) && canSeeWholeProfile(ctx.db, userId, id));
  },
});
