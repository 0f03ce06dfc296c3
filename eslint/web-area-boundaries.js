// The area contract's import rule for the web (decision 012), the twin of area-boundaries.js:
// - an area reaches another area, and the app shell (web/app/, web/main.tsx) reaches any area,
//   only through that area's public.ts (web/areas/<b>/public.ts): what it lets others use. An
//   area may split it into public-<part>.ts beside it, where one importer must not pull the rest
//   into its bundle (a public file is loaded whole, with everything it re-exports);
// - the list of areas (web/areas/index.ts) reaches each area through its module.ts;
// - web/lib/ and web/components/ never import an area (they serve every area and know none):
//   app-wide pieces, such as who is signed in (web/lib/me.ts) or the profile section card
//   (web/components/profile-section-card.tsx), live there.
import path from 'node:path';
import { boundaryVisitors } from './boundary.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const AREAS = path.join(ROOT, 'web', 'areas');
const LIST = path.join(AREAS, 'index');
const SHARED = ['lib', 'components'].map((d) => path.join(ROOT, 'web', d) + path.sep);

/** The absolute path an import names, for relative and @web/ imports; null for anything else. */
function resolve(fromFile, source) {
  if (source.startsWith('@web/')) return path.join(ROOT, 'web', source.slice('@web/'.length));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

const withoutExtension = (p) => p.replace(/\.(tsx?|jsx?)$/, '');

/** The area a path belongs to, and the rest of its path inside the area's folder (no extension). */
function areaOf(file) {
  const rel = path.relative(AREAS, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area, ...rest] = rel.split(path.sep);
  if (rest.length === 0) return null; // web/areas/index.ts and its test: the list, not an area
  return { area, inner: withoutExtension(rest.join('/')) };
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Web areas meet only through their public.ts; web/lib and web/components import no area.',
    },
    messages: {
      deepImport:
        "Import '{{area}}' through its public.ts ('@web/areas/{{area}}/public'), not its file '{{inner}}': an area's public.ts is all it lets others use (decision 012). Export what you need there, or move an app-wide piece to web/lib or web/components.",
      sharedImportsArea:
        "web/{{layer}}/ must not import an area ('{{source}}'): shared code serves every area and knows none (decision 012).",
    },
    schema: [],
  },
  create(context) {
    const isList = withoutExtension(context.filename) === LIST;
    return boundaryVisitors(context, {
      resolve,
      areaOf,
      shared: SHARED,
      allowed: (_from, to) => /^public(-[a-z0-9-]+)?$/.test(to.inner) || (isList && to.inner === 'module'),
    });
  },
};

export default { rules: { 'web-area-boundaries': rule } };
