import { defineArea } from '../../platform/area';
import { exportSettings } from './settings.export';
import { settingsApiDocs } from './settings.api';
import { settingsRoutes } from './settings.routes';

/** The one account-deletion path: the admin area deletes people through it too. */
export { eraseAccount } from './settings.service';

/** The person's switches, password, blocked list and account deletion. */
export const settingsArea = defineArea({
  name: 'settings',
  routes: settingsRoutes,
  api: settingsApiDocs,
  exportData: exportSettings,
});
