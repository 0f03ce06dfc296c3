// Builds the app (npm run build) when one of `outputs` is missing or older than the sources; used by
// `npm start` and `npm run demo`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['web', 'common', 'server', 'package.json', 'vite.config.ts', 'index.html'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

export function buildIfStale(outputs, firstBuildMessage) {
  const files = outputs.map((o) => path.join(root, o));
  const built = files.every(existsSync) ? Math.min(...files.map((o) => statSync(o).mtimeMs)) : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (built >= changed) return;
  console.log(built ? 'Sources changed: rebuilding…' : firstBuildMessage);
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
