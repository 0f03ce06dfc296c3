import { isBlockedEither } from '../../db/rules';
import { defineArea } from '../../platform/area';
import { peopleSearch } from './people-search';
import { profileImageRoutes } from './profile-images.routes';
import { profileRoutes } from './profiles.routes';
import type { AppDeps, AppEnv } from '../../lib/context';
import { Hono } from 'hono';
import { demo } from './profiles.demo';

export { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from './person-summary';
export { createProfile, getOwnProfile, promoteSuperAdmins, requireVisibleProfile } from './profiles.service';

/** Profiles, their pictures, and people in search. */
export const profilesArea = defineArea({
  name: 'profiles',
  demo,
  routes: (deps: AppDeps) =>
    new Hono<AppEnv>().route('/', profileRoutes(deps)).route('/', profileImageRoutes(deps)),
  register(ctx) {
    ctx.registerSearchProvider(peopleSearch);
    // A profile's live counts: anyone signed in whom the person has not blocked, nor been blocked by.
    ctx.registerTopic('profile', async (userId, id) => !(await isBlockedEither(ctx.db, userId, id)));
  },
});
