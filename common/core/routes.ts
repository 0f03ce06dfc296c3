/**
 * Whether a path is one of an app's page paths (`/groups/:groupId` patterns). The paths themselves
 * are not listed here: the web areas declare their routes (web/areas/<area>/module.ts), the app
 * derives its list from them (web/app/routing/app-paths.ts), and the build hands that list to the
 * server (dist/web/app-paths.json, written by scripts/prerender.mjs), which answers these paths
 * with the app and a 200 and any other with the app and a 404 ('Page not found').
 */
export function appPathMatcher(paths: readonly string[]): (pathname: string) => boolean {
  const patterns = paths.map((p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));
  return (pathname) => patterns.some((re) => re.test(pathname));
}
