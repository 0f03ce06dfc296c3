import { appPathMatcher } from '@common/core/routes';
import { WEB_AREAS } from '@web/areas/index';

/** The app's own pages outside the shared layout, declared in ./routes.tsx. */
export const SHELL_PATHS = ['/auth', '/reset-password'];

/**
 * Every page path of the app, derived from the areas' route declarations: the only list. The build
 * writes it to dist/web/app-paths.json for the server (scripts/prerender.mjs; server/lib/static.ts).
 */
export const APP_PATHS: readonly string[] = [
  ...SHELL_PATHS,
  ...WEB_AREAS.flatMap((area) => area.routes ?? []).map((route) => route.path),
];

export const isAppPath = appPathMatcher(APP_PATHS);
