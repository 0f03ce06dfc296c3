import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { routes } from './routing/routes';

/**
 * The app's router, made by startApp (not when this module is evaluated: that task is long enough),
 * and not yet started: what createBrowserRouter does in one go (make the history and the route
 * tree, then match the address and load the matched routes' code) is two tasks of the start
 * (docs/decisions/049-first-view-in-steps.md). The options are createBrowserRouter's own, less
 * those the app does not use; `router.initialize()` starts it.
 */
export const createAppRouter = () =>
  createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
