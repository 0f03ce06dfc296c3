import { createContext } from 'react';

/*
 * The visitor's / arrives with the welcome page already in the HTML (scripts/prerender.mjs writes
 * dist/web/welcome.html; server/lib/static.ts sends it to requests without a session cookie), so
 * the largest paint comes with the first. The app renders into the hidden #root meanwhile and
 * takes over in one step, before a paint, once it shows the same page: no flash, no shift.
 */

/** The element of welcome.html that holds the prerendered page, beside the hidden #root. */
export const PRERENDERED_ID = 'prerendered';

/** True while scripts/prerender.mjs renders: the layout then leaves the menu column to CSS. */
export const PrerenderContext = createContext(false);

/**
 * Removes the prerendered page and shows the app. Called in a layout effect (before the browser
 * paints) by what replaces it: the welcome page, the member's home, an error page; main.tsx calls
 * it too on the first navigation and after a time limit, so the app is never left hidden.
 */
export function revealApp() {
  const prerendered = document.getElementById(PRERENDERED_ID);
  if (!prerendered) return;
  prerendered.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}

export function hasPrerenderedPage(): boolean {
  return document.getElementById(PRERENDERED_ID) !== null;
}
