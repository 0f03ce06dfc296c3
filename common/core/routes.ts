/**
 * Paths the web app renders. The server answers these with the app and a
 * 200; any other path gets the app too, but with a 404 status, and the app shows 'Page not found'.
 */
export const APP_PATHS = [
  '/',
  '/auth',
  '/reset-password',
  '/profile',
  '/profile/:userId',
  '/articles',
  '/articles/:articleId',
  '/groups',
  '/groups/:groupId',
  '/create-group',
  '/forums',
  '/forums/create-group',
  '/forums/group/:groupId',
  '/forums/post/:postId',
  '/forums/:postId',
  '/events',
  '/events/create',
  '/events/:eventId',
  '/business',
  '/business/:id',
  '/business-pages',
  '/business-pages/:id',
  '/messages',
  '/notifications',
  '/settings',
  '/investing',
  '/investing/:id',
  '/admin',
  '/unsubscribe',
] as const;

const PATTERNS = APP_PATHS.map((p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

export function isAppPath(pathname: string): boolean {
  return PATTERNS.some((re) => re.test(pathname));
}
