import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * npm run new-area writes the area's own files and one line in each list, nothing else. Run on a
 * copy of the few files it reads and edits; whether the area it writes works is for its own tests
 * to prove (docs/adding-an-area.md: `npm run new-area -- polls`, then `npm run check` and its tests).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const EDITED = ['server/db/migrations/meta/_journal.json', 'server/areas/index.ts', 'web/areas/index.ts'];
let copy: string;

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const addedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
};

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'cofound-new-area-'));
  // The formatter's settings too, so the lists come out formatted as in the project.
  for (const file of [...EDITED, '.prettierrc.json']) cpSync(path.join(ROOT, file), path.join(copy, file));
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/new-area.mjs'), 'study-groups', '--root', copy], {
    stdio: 'pipe',
  });
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run new-area', () => {
  it("writes only the area's own folders, its schema and its migration", () => {
    const journal = JSON.parse(read(ROOT, EDITED[0]!)) as { entries: { idx: number; when: number }[] };
    const next = Math.max(...journal.entries.map((e) => e.idx)) + 1;
    const tag = `${String(next).padStart(4, '0')}_study-groups`;
    expect(filesUnder(copy).sort()).toEqual(
      [
        ...EDITED,
        '.prettierrc.json',
        'common/study-groups/model.ts',
        'common/study-groups/schemas.ts',
        'e2e/study-groups/study-groups.spec.ts',
        `server/db/migrations/${tag}.sql`,
        'server/db/schema/study-groups.ts',
        'server/areas/study-groups/index.ts',
        'server/areas/study-groups/study-groups.api.ts',
        'server/areas/study-groups/study-groups.demo.ts',
        'server/areas/study-groups/study-groups.routes.ts',
        'server/areas/study-groups/study-groups.search.ts',
        'server/areas/study-groups/study-groups.service.ts',
        'server/areas/study-groups/study-groups.test.ts',
        'web/areas/study-groups/api/create-study-group.ts',
        'web/areas/study-groups/api/get-study-groups.ts',
        'web/areas/study-groups/api/query-keys.ts',
        'web/areas/study-groups/module.ts',
        'web/areas/study-groups/pages/study-groups-page.tsx',
      ].sort(),
    );
    // The journal gains one entry, after the last, dated after every other.
    const after = JSON.parse(read(copy, EDITED[0]!)) as {
      entries: { idx: number; tag: string; when: number }[];
    };
    expect(after.entries.slice(0, -1)).toEqual(journal.entries);
    const added = after.entries.at(-1)!;
    expect(added).toMatchObject({ idx: next, tag });
    expect(added.when).toBeGreaterThan(Math.max(...journal.entries.map((e) => e.when)));
  });

  it('adds the module to each list: its import and one entry', () => {
    expect(addedLines(read(ROOT, 'server/areas/index.ts'), read(copy, 'server/areas/index.ts'))).toEqual([
      "import { studyGroupsArea } from './study-groups';",
      '  studyGroupsArea,',
    ]);
    expect(addedLines(read(ROOT, 'web/areas/index.ts'), read(copy, 'web/areas/index.ts'))).toEqual([
      "import { studyGroupsModule } from './study-groups/module';",
      '  studyGroupsModule,',
    ]);
    // Before admin, which comes last (its demo reads everyone's).
    const list = read(copy, 'server/areas/index.ts');
    expect(list.indexOf('  studyGroupsArea,')).toBeLessThan(list.indexOf('  adminArea,'));
  });

  it('refuses a name that is not kebab-case, or an area that exists', () => {
    for (const name of ['Polls', 'polls_x', '-x', 'profiles']) {
      expect(
        () =>
          execFileSync(process.execPath, [path.join(ROOT, 'scripts/new-area.mjs'), name, '--root', ROOT], {
            stdio: 'pipe',
          }),
        name,
      ).toThrow(/new-area:/);
    }
  });
});
