import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What the areas declare to the app-wide protocols, read from their common models' source: the
 * keys of `interface AreaFeedKinds { ... }` (and AreaFeedCategories, AreaNotificationTypes,
 * AreaEvents) in every `declare module` block of common/. These exist only as types, so the
 * contract tests read them as text and compare them with what the areas register at run time.
 */

const COMMON = path.resolve(import.meta.dirname, '../../common');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The top-level keys of every `interface <name> { ... }` in common/, with the file declaring each. */
export function declaredKeys(name: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(COMMON)) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[^]*?\*\/|\/\/[^\n]*/g, '');
    for (const m of code.matchAll(new RegExp(`interface ${name}\\s*\\{`, 'g'))) {
      let depth = 1;
      let line = '';
      const keyOf = () => {
        const key = /^\s*'?([A-Za-z0-9_.-]+)'?\s*\??:/.exec(line)?.[1];
        if (key) found.set(key, path.relative(COMMON, file));
        line = '';
      };
      for (let i = m.index + m[0].length; i < code.length && depth > 0; i++) {
        const ch = code[i]!;
        if (depth === 1 && (ch === '{' || ch === ';' || ch === '\n')) keyOf();
        if (ch === '{') depth++;
        else if (ch === '}') depth--;
        else if (depth === 1) line += ch;
      }
    }
  }
  return found;
}
