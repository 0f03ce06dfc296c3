/**
 * True on a touch screen without a fine pointer (phones, tablets): there, focusing an input when a
 * menu, dialog or editor opens would pop the on-screen keyboard up and jump the page (issue 21).
 */
export function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;
}
