// What both boundary rules (area-boundaries.js for the server, web-area-boundaries.js for the
// web) look at: every import, re-export and literal dynamic import, handed to `check` with its
// source node.
export function importVisitors(check) {
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check({ source: node.source });
    },
  };
}
