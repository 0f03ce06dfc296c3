import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../server/env';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

/**
 * The JavaScript a first visit to / needs: the entry, the shared layout and the home page, each
 * with everything it imports statically. Read from the build's manifest (npm test builds first).
 */
const FIRST_VIEW_ROUTES = ['app/layout/app-layout.tsx', 'areas/feed/pages/home-page.tsx'];
const BUDGET_KB = 170;

describe('the first view of /', () => {
  it(`needs under ${BUDGET_KB} KB of gzipped JavaScript`, () => {
    const manifest = JSON.parse(
      readFileSync(path.join(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, Chunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
    expect(entries).toHaveLength(1);
    visit(entries[0]![0]);
    for (const route of FIRST_VIEW_ROUTES) visit(route);

    const bytes = [...files]
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(WEB_DIST_DIR, f))).length, 0);
    expect(files.size).toBeGreaterThan(3);
    expect(bytes / 1024).toBeLessThan(BUDGET_KB);
  });
});
