import type { WebAreaModule } from '@web/app/areas/contract';

/**
 * Its pages, /auth and /reset-password, sit outside the shared layout (no top bar, no menu), so
 * web/app/routing/routes.tsx declares them beside the app's root.
 */
export const authModule: WebAreaModule = { id: 'auth' };
