// The area contract's import rule (decision 012), for the server:
// - an area reaches another area only through that area's index.ts (server/areas/<b>/index.ts);
// - platform/, lib/ and db/ never import an area (they serve every area and know none).
import path from 'node:path';
import { boundaryVisitors } from './boundary.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const AREAS = path.join(ROOT, 'server', 'areas');
const SHARED = ['platform', 'lib', 'db'].map((d) => path.join(ROOT, 'server', d) + path.sep);

/** The absolute path an import names, for relative and @server/ imports; null for packages. */
function resolve(fromFile, source) {
  if (source.startsWith('@server/')) return path.join(ROOT, 'server', source.slice('@server/'.length));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

/** The area a path belongs to, and the rest of its path inside the area's folder. */
function areaOf(file) {
  const rel = path.relative(AREAS, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area, ...rest] = rel.split(path.sep);
  return { area, inner: rest.join('/') };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas meet only through their index.ts; platform, lib and db import no area.' },
    messages: {
      deepImport:
        "Import '{{area}}' through its index.ts ('{{suggest}}'), not its file '{{inner}}': an area's index.ts is its only public surface (decision 012).",
      sharedImportsArea:
        "server/{{layer}}/ must not import an area ('{{source}}'): shared code serves every area and knows none (decision 012). Take what you need as a parameter or a registry the area fills from register(ctx).",
    },
    schema: [],
  },
  create(context) {
    return boundaryVisitors(context, {
      resolve,
      areaOf,
      shared: SHARED,
      allowed: (_from, to) => ['', 'index', 'index.ts', 'index.js'].includes(to.inner),
      data: (from, to) => ({ suggest: from ? `../${to.area}` : `./areas/${to.area}` }),
    });
  },
};

export default { rules: { 'area-boundaries': rule } };
