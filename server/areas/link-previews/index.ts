import { defineArea } from '../../platform/area';
import { linkPreviewsApiDocs } from './link-previews.api';
import { linkPreviewsDemo } from './link-previews.demo';
import { linkPreviewRoutes } from './link-previews.routes';

export { DEMO_LINK_PAGES } from './link-previews.demo';

/**
 * Link previews (docs/decisions/028): the cards every area's text shows for its first link. The
 * fetcher and the table are the platform's (server/platform/link-preview.ts); this area only
 * serves them. Nothing here belongs to an account: a card is the linked page's, shared by all.
 */
export const linkPreviewsArea = defineArea({
  name: 'link-previews',
  routes: linkPreviewRoutes,
  api: linkPreviewsApiDocs,
  demo: linkPreviewsDemo,
});
