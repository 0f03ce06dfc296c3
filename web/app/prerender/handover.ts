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
  const root = document.getElementById('root');
  const focus = root ? carryOverFields(prerendered, root) : null;
  prerendered.remove();
  root?.removeAttribute('hidden');
  // The prerendered page's links are plain <a href>: clicked before the app has taken over, they
  // navigate as any link does. Its buttons (the menu, the theme) have no code behind them until
  // then: web/public/theme-init.js (a classic script in <head>, sent to every visitor, so kept
  // without comments) keeps in window.cofoundEarlyPresses the buttons pressed from the first
  // paint on; they are pressed again here on the app's twins.
  const pressed = (window as { cofoundEarlyPresses?: HTMLButtonElement[] }).cofoundEarlyPresses?.splice(0);
  if (root && pressed?.length)
    void import('./replay-presses').then(({ replayPresses }) => replayPresses(prerendered, root, pressed));
  // Only a shown field takes the focus.
  if (focus) {
    focus.focus();
    try {
      focus.setSelectionRange(focus.value.length, focus.value.length);
    } catch {
      // Types without a caret (email, number) keep the browser's.
    }
  }
}

/**
 * What a visitor typed into the prerendered page before the app took over (the top bar's search)
 * goes on in the app's field of the same id, with the focus and the caret: taking over never eats
 * a keystroke, and Enter then searches for what was typed.
 */
function carryOverFields(from: HTMLElement, to: HTMLElement) {
  const active = document.activeElement;
  let focus: HTMLInputElement | HTMLTextAreaElement | null = null;
  for (const field of from.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[id], textarea[id]',
  )) {
    // The prerenderer prefixes ids with 'pre-' so the two pages never share one.
    const id = field.id.replace(/^pre-/, '');
    const twin = to.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(id)}`);
    if (!twin || twin.tagName !== field.tagName) continue;
    if (field.value && !twin.value) twin.value = field.value;
    if (field === active) focus = twin;
  }
  return focus;
}

export function hasPrerenderedPage(): boolean {
  return document.getElementById(PRERENDERED_ID) !== null;
}
