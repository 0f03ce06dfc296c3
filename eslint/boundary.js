// What both boundary rules (area-boundaries.js for the server, web-area-boundaries.js for the
// web) share: which import names which area, and the two ways it can break the contract.
import path from 'node:path';

/**
 * ESLint visitors for every import, re-export and literal dynamic import of the file being
 * linted. `resolve(file, source)`: the absolute path an import names, or null for a package;
 * `areaOf(path)`: `{ area, inner }` or null outside the areas; `shared`: folders (ending in a
 * separator) that must import no area; `allowed(from, to)`: whether an import from `from` (an
 * area, or null) into `to` is fine; `data(to)`: extra message data for a refused one.
 */
export function boundaryVisitors(context, { resolve, areaOf, shared, allowed, data = () => ({}) }) {
  const file = context.filename;
  const from = areaOf(file);
  const layer = shared.find((dir) => file.startsWith(dir));
  function check(node) {
    const source = node.source && node.source.value;
    if (typeof source !== 'string') return;
    const target = resolve(file, source);
    if (!target) return;
    const to = areaOf(target);
    if (!to) return;
    if (layer) {
      context.report({
        node: node.source,
        messageId: 'sharedImportsArea',
        data: { layer: path.basename(layer), source },
      });
      return;
    }
    if (from && from.area === to.area) return;
    if (allowed(from, to, file)) return;
    context.report({
      node: node.source,
      messageId: 'deepImport',
      data: { area: to.area, inner: to.inner, ...data(from, to) },
    });
  }
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check({ source: node.source });
    },
  };
}
