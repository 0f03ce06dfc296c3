/**
 * What the top bar's message and inquiry buttons need from the messages model, apart from it: the
 * top bar is in the first view, and a module there brings all its exports along.
 */
export const BADGE_CAP = 99;

/** '99+' above the cap. */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export const INQUIRY_BADGE_MSG = {
  inquiriesButton: 'Business inquiries',
  inquiriesTooltip: 'Business inquiries: messages from people interested in your business ideas and pages',
} as const;
