import type { WebAreaModule } from '@web/app/areas/contract';

/** No pages of its own: the home page shows its results. */
export const searchModule: WebAreaModule = { id: 'search' };
