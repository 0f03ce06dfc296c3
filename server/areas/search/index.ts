import { defineArea } from '../../platform/area';
import { searchApiDocs } from './search.api';
import { searchRoutes } from './search.routes';

export { runSearch, searchQuery, searchTerms } from './search.service';

/** One search over every provider the areas register (docs/decisions/009). */
export const searchArea = defineArea({
  name: 'search',
  routes: searchRoutes,
  api: searchApiDocs,
});
