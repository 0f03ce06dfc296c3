/*
 * What other areas and the app shell may use of this area (eslint/web-area-boundaries.js): the
 * rest of its folder is its own. Screens loaded on demand are exported as loaders, so importing
 * this file does not pull them into the importer's bundle.
 */
export { useSignOut } from './api/sign-out';
export { useEmailVerifiedNotice } from './components/use-email-verified-notice';
export { useSignOutCompletion } from './components/use-sign-out-completion';

export const loadAuthPage = () => import('./pages/auth-page');
export const loadResetPasswordPage = () => import('./pages/reset-password-page');
