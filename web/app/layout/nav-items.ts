import { WEB_AREAS } from '@web/areas/index';

/** The side menu: every area's items, in their declared order. */
export const NAV_ITEMS = WEB_AREAS.flatMap((area) => area.nav ?? []).sort((a, b) => a.order - b.order);
