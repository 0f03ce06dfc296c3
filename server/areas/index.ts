import { adminArea } from './admin';
import { articlesArea } from './articles';
import { authArea } from './auth';
import { businessPagesArea } from './business-pages';
import { commentsArea } from './comments';
import { connectionsArea } from './connections';
import { digestsArea } from './digests';
import { eventsArea } from './events';
import { feedArea } from './feed';
import { forumsArea } from './forums';
import { groupsArea } from './groups';
import { investingArea } from './investing';
import { linkPreviewsArea } from './link-previews';
import { messagesArea } from './messages';
import { notificationsArea } from './notifications';
import { profilesArea } from './profiles';
import { reactionsArea } from './reactions';
import { searchArea } from './search';
import { settingsArea } from './settings';

/**
 * Every area, once (docs/decisions/012; docs/adding-an-area.md). app.ts mounts their routes and boot.ts
 * calls their register(), onAccountDeleted() and demo() in this order: an area comes after the
 * areas whose demo data it builds on.
 */
export const areas = [
  authArea,
  profilesArea,
  connectionsArea,
  settingsArea,
  messagesArea,
  notificationsArea,
  feedArea,
  searchArea,
  reactionsArea,
  commentsArea,
  articlesArea,
  groupsArea,
  forumsArea,
  investingArea,
  eventsArea,
  businessPagesArea,
  digestsArea,
  linkPreviewsArea,
  adminArea,
] as const;
