/*
 * What other areas may use of this area (eslint/web-area-boundaries.js): the digest choice for the
 * Settings page's Notifications card, and the admin dashboard's Digests tab as a loader.
 */
export { DigestSetting } from './components/digest-setting';
export const loadDigestsAdminTab = () => import('./components/digests-admin-tab');
