import { createBrowserRouter } from 'react-router';
import { routes } from './routing/routes';

/** The app's router, made by startApp (not when this module is evaluated: that task is long enough). */
export const createAppRouter = () => createBrowserRouter(routes);
