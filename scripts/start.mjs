// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the server (PGlite in ./data unless DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['web', 'common', 'server', 'package.json', 'vite.config.ts', 'index.html'];
const OUTPUTS = ['dist/web/index.html', 'dist/server/index.js'];

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
  console.log(built ? 'Sources changed: rebuilding…' : 'First start: building the app…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// Run the server in this process, so signals (SIGTERM from a supervisor) reach its shutdown handler.
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
