import type { MESSAGING } from '@common/messaging';

/*
 * common/messaging's badgeText, for the top bar. That module also holds the zod schemas, which
 * would add some 23 KB gzipped to the first view of every page; the type below ties this copy
 * to the shared constant, so changing the cap there fails type checking here.
 */
const BADGE_CAP: (typeof MESSAGING)['badgeCap'] = 99;

/** '99+' above the cap. */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
