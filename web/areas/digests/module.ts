import type { WebAreaModule } from '@web/app/areas/contract';

/** The digest email's unsubscribe page (no sign-in: the mail's link carries a signed token). */
export const digestsModule: WebAreaModule = {
  id: 'digests',
  routes: [
    {
      path: '/unsubscribe',
      access: 'public',
      handle: { title: 'Unsubscribe' },
      lazy: async () => ({ Component: (await import('./pages/unsubscribe-page')).UnsubscribePage }),
    },
  ],
};
