import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Texts defined but never shown: every user-visible message constant in common/ (the exported
 * objects whose name says they hold texts: *_MSG, MSG_*, *_TEXT, *_NOTICE) is either wired, read
 * by the server, the web app or a shared schema, or deleted. A text nothing shows misleads whoever
 * reads the model file into thinking the product says it.
 *
 * "Used" means `NAME.key` appears in a source file of server/, web/ or common/ (tests do not
 * count: a test reading a text does not show it). An object spread into another (`...FOLLOW_MSG`)
 * is used through that one's name too, and so is one imported under another name; an object indexed by a variable (`COMPLETION_MSG[step]`) is
 * used as a whole.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const files = ['server', 'web', 'common'].flatMap((d) => sources(d));
const code = files.map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '!../**/*.test.ts'], {
  eager: true,
});

const TEXT_OBJECT = /(^|_)(MSG|TEXT|NOTICE)(_|$)/;

/** The names a constant is read through: its own, and those of objects it is spread into. */
function namesOf(name: string): string[] {
  const names = new Set([name]);
  const spreadFrom = new RegExp(`export const ${name} = \\{\\s*\\.\\.\\.(\\w+)`, 'g');
  const spreadInto = new RegExp(`export const (\\w+) = \\{[^]*?\\.\\.\\.${name}\\b`, 'g');
  for (const file of files.filter((f) => f.startsWith('common'))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(spreadFrom)) names.add(m[1]!);
    for (const m of text.matchAll(spreadInto)) {
      // Only when the spread is inside that object (no other `export const` between them).
      if (!m[0].slice(1).includes('export const ')) names.add(m[1]!);
    }
  }
  // Imported under another name (`import { GROUP_MEMBER_CONTACT_MSG as MSG }`): read through it too.
  for (const m of code.matchAll(new RegExp(`\\b${name}\\s+as\\s+(\\w+)`, 'g'))) names.add(m[1]!);
  return [...names];
}

function unusedTexts(): string[] {
  const unused = new Set<string>();
  const seen = new Set<unknown>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!TEXT_OBJECT.test(name) || typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      const names = namesOf(name);
      if (names.some((n) => new RegExp(`\\b${n}\\s*\\[`).test(code))) continue;
      for (const key of Object.keys(value)) {
        const read = names.some((n) => new RegExp(`\\b${n}\\s*\\??\\.\\s*${key}\\b`).test(code));
        if (!read) unused.add(`${path.relative('..', file)}: ${name}.${key}`);
      }
    }
  }
  return [...unused].sort();
}

describe('texts defined but never shown', () => {
  it('finds the message constants in common/', () => {
    const names = Object.values(modules).flatMap((m) => Object.keys(m).filter((n) => TEXT_OBJECT.test(n)));
    expect(names).toEqual(expect.arrayContaining(['MSG', 'CONNECTION_MSG', 'GROUP_MSG', 'FORUM_MSG']));
  });

  it('every exported message constant is shown or read somewhere in server/, web/ or a shared schema', () => {
    expect(unusedTexts()).toEqual([]);
  });
});
