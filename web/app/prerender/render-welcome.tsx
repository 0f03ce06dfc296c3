import { QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@common/core/api-types';
import { authKeys } from '@web/lib/me';
import { Welcome } from '@web/areas/feed/public';
import { renderInLayout } from './render-in-layout';

/**
 * The visitor's / as the app draws it once it knows there is no session: the shared layout (top
 * bar with Sign In, the menu column from 768 px on) around the welcome page. The feed under it
 * is live data and comes with the app. Bundled and called by scripts/prerender.mjs at build.
 */
export function renderWelcome(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData<MeResponse>(authKeys.me(), { viewer: null });
  return renderInLayout(queryClient, Welcome);
}
