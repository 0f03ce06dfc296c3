import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { AreaRoute } from './contract';

const lazyComingSoon: LazyRouteFunction<RouteObject> = async () => {
  const { ComingSoonPage } = await import('../pages/coming-soon-page');
  return { Component: ComingSoonPage };
};

/**
 * A route of an area that a later issue builds: the shared "coming soon" page, headed `section`.
 * When the area lands, its module.ts replaces these with its own pages.
 */
export function comingSoon(
  path: string,
  access: AreaRoute['access'],
  section: string,
  title: string = section,
): AreaRoute {
  return { path, handle: { title, section }, lazy: lazyComingSoon, access };
}
