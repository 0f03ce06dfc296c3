// `npm run demo`: builds the app when the build is missing or older than the sources (as
// `npm start` does), then runs dist/server/demo.js: the app on its own embedded database in
// ./data-demo, filled with a demo community the first time. `npm run demo -- --fresh` starts over.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['web', 'common', 'server', 'package.json', 'vite.config.ts', 'index.html'];
const OUTPUTS = ['dist/web/index.html', 'dist/server/index.js', 'dist/server/demo.js'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const outputs = OUTPUTS.map((o) => path.join(root, o));
const built = outputs.every(existsSync) ? Math.min(...outputs.map((o) => statSync(o).mtimeMs)) : 0;
const changed = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (built < changed) {
  console.log(built ? 'Sources changed: rebuilding…' : 'Building the app…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// In this process, so signals reach the server's shutdown handler; it reads its flags from argv.
await import(pathToFileURL(path.join(root, 'dist/server/demo.js')).href);
