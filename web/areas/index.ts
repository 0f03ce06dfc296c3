import type { WebAreaModule } from '@web/app/areas/contract';
import { adminModule } from './admin/module';
import { articlesModule } from './articles/module';
import { authModule } from './auth/module';
import { businessPagesModule } from './business-pages/module';
import { commentsModule } from './comments/module';
import { digestsModule } from './digests/module';
import { eventsModule } from './events/module';
import { feedModule } from './feed/module';
import { forumsModule } from './forums/module';
import { groupsModule } from './groups/module';
import { investingModule } from './investing/module';
import { messagesModule } from './messages/module';
import { notificationsModule } from './notifications/module';
import { profilesModule } from './profiles/module';
import { reactionsModule } from './reactions/module';
import { searchModule } from './search/module';
import { settingsModule } from './settings/module';

/**
 * Every area of the web app, once (docs/decisions/012; docs/adding-an-area.md): a contract list, not a
 * barrel. The route table (web/app/routing/routes.tsx), the side menu
 * (web/app/layout/nav-items.ts), the profile page's sections and the signed-in realtime wiring
 * (web/app/realtime/load-live-updates.tsx) walk it; an area plugs in with its module.ts and one
 * line here. The menu and the profile sections follow their own `order`, not this one.
 */
export const WEB_AREAS: readonly WebAreaModule[] = [
  feedModule,
  groupsModule,
  investingModule,
  articlesModule,
  forumsModule,
  businessPagesModule,
  eventsModule,
  messagesModule,
  notificationsModule,
  profilesModule,
  settingsModule,
  adminModule,
  authModule,
  commentsModule,
  reactionsModule,
  searchModule,
  digestsModule,
];
