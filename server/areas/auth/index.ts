import { defineArea } from '../../platform/area';
import { authApiDocs } from './auth.api';
import { authRoutes } from './auth.routes';

export { resetPasswordMail, verifyEmailMail, welcomeMail } from './auth.mails';
export { refuseCommonPassword } from './auth.guards';

/** Sign-up, sign-in, confirmation and password reset (better-auth behind our routes; docs/decisions/002). */
export const authArea = defineArea({
  name: 'auth',
  routes: authRoutes,
  api: authApiDocs,
  // Every page of the app asks who is signed in before anything else.
  pageReads: [{ page: '*', api: '/api/me' }],
});
