/*
 * What other areas and the app shell may use of this area (eslint/web-area-boundaries.js): the
 * rest of its folder is its own. Screens loaded on demand are exported as loaders, so importing
 * this file does not pull them into the importer's bundle.
 */
export { useFollowToggle } from './api/use-follow-toggle';

export const loadProfileForm = () => import('./components/profile-form');
/** Follow and Connect beside a person in a list (search results), loaded with the list. */
export const loadPersonResultActions = () => import('./components/person-result-actions');
