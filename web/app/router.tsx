import { createBrowserRouter } from 'react-router';
import { routes } from './routing/routes';

export const router = createBrowserRouter(routes);
