// Writes the build's file list into dist/web/sw.js (web/public/sw.js has `const BUILD = null;`):
// `shell` is what the first view loads (the entry, the first view's chunk, their imports and CSS)
// and the modules only needed around a lost connection, cached when the worker installs; `assets` is every script and stylesheet of this build, the only
// files the worker keeps (a file of an earlier build is dropped). A new build changes the file, so
// browsers install the new worker. Runs after `vite build` (npm run build:web).
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'dist/web');
const manifest = JSON.parse(await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8'));

const url = (file) => `/${file}`;
const assets = [
  ...new Set(
    Object.values(manifest).flatMap((chunk) =>
      [chunk.file, ...(chunk.css ?? [])].filter((f) => /\.(js|css)$/.test(f)),
    ),
  ),
]
  .map(url)
  .sort();

const shell = new Set();
const visit = (key, withDynamic) => {
  const chunk = manifest[key];
  if (!chunk || shell.has(url(chunk.file))) return;
  shell.add(url(chunk.file));
  for (const css of chunk.css ?? []) shell.add(url(css));
  for (const dep of chunk.imports ?? []) visit(dep, false);
  // The entry reaches the first view's chunk only through import(): one level of those.
  if (withDynamic) for (const dep of chunk.dynamicImports ?? []) visit(dep, false);
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('build-sw: the Vite manifest has no entry');
visit(entry, true);
// What the app needs only around a lost connection was never loaded online: the shell's offline
// banner (web/app/offline/) and any area's `*.offline.ts(x)` module (sending a message outbox).
const OFFLINE_ONLY = /^app\/offline\/|\.offline\.tsx?$/;
for (const key of Object.keys(manifest)) if (OFFLINE_ONLY.test(key)) visit(key, false);

const build = { version: '', shell: [...shell].sort(), assets };
build.version = createHash('sha256').update(JSON.stringify(build)).digest('hex').slice(0, 16);

const swPath = path.join(webDist, 'sw.js');
const source = await readFile(swPath, 'utf8');
const placeholder = 'const BUILD = null;';
if (!source.includes(placeholder)) throw new Error(`build-sw: ${placeholder} not found in dist/web/sw.js`);
await writeFile(swPath, source.replace(placeholder, `const BUILD = ${JSON.stringify(build)};`));
console.log(
  `build-sw: dist/web/sw.js lists ${build.shell.length} shell files of ${assets.length} (${build.version})`,
);
