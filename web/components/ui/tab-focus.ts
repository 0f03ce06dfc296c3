import type { KeyboardEvent } from 'react';

/**
 * The arrow keys, Home and End move the focus between a tab list's tabs (wrapping at either end),
 * as the WAI-ARIA tabs pattern asks: the onKeyDown of a `role="tablist"` made of plain buttons.
 */
export function moveTabFocus(event: KeyboardEvent<HTMLElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const at = tabs.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]?.focus();
}
