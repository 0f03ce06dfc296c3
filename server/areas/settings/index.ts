import { defineArea } from '../../platform/area';
import { settingsRoutes } from './settings.routes';

/** The person's switches, password, blocked list and account deletion. */
export const settingsArea = defineArea({
  name: 'settings',
  routes: settingsRoutes,
});
