/*
 * The top bar's search field with suggestions (eslint/web-area-boundaries.js: a public part of the
 * search area). Apart from public.ts because the app shell renders it in every first view: this
 * file pulls in the field and its small query hook only, never the results page.
 */
export { SearchCombobox } from './components/search-combobox';
