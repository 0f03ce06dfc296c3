import { defineArea } from '../../platform/area';
import { exportProfiles } from './profiles.export';
import { profilesApiDocs } from './profiles.api';
import { peopleSearch } from './people-search';
import { profileImageRoutes } from './profile-images.routes';
import { profileRoutes } from './profiles.routes';
import type { AppDeps, AppEnv } from '../../lib/context';
import { Hono } from 'hono';
import { demo } from './profiles.demo';
import { canSeeWholeProfile } from './profiles.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  api: profilesApiDocs,
  exportData: exportProfiles,
  register(ctx) {
    ctx.registerSearchProvider(peopleSearch);
    // A profile's live changes and counts: exactly who GET /api/profiles/:id shows them to (not to
    // someone blocked either way, nor a non-friend of a friends-only profile). Re-checked on every
    // access.changed, so a block or a privacy switch ends the subscription.
    ctx.registerTopic('profile', (userId, id) => UUID.test(id) && canSeeWholeProfile(ctx.db, userId, id));
  },
});
