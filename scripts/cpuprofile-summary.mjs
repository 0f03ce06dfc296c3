// `node scripts/cpuprofile-summary.mjs <file.cpuprofile> [--top=N]`: where a V8 CPU profile (node
// --cpu-prof, e.g. `npm run bench -- community --profile`) spends its time, by self time:
//  - by function (name, file:line), the top N; a native function (writev, JSON.parse) is named with
//    and counted for its nearest caller that has a file outside Node's internals;
//  - by package: a dependency in node_modules (pg, hono, drizzle-orm, ws…), Node's own code
//    (node:*), the garbage collector, idle, and our code by folder (server/areas/feed,
//    server/platform, common/…), found through the bundle's source map (dist/server/index.js.map)
//    when the profile points into the bundle.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** A source map's mappings, per generated line: sorted [column, sourceIndex, sourceLine]. */
function decodeMappings(map) {
  const lines = [];
  let source = 0;
  let srcLine = 0;
  for (const lineText of map.mappings.split(';')) {
    const segs = [];
    let col = 0;
    for (const seg of lineText.split(',')) {
      if (!seg) continue;
      const vals = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64_INDEX.get(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          vals.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += vals[0];
      if (vals.length >= 4) {
        source += vals[1];
        // (vals[3], the source column, is not needed: lines are enough here.)
        srcLine += vals[2];
        segs.push([col, source, srcLine]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

/** Finds the original file and line of a position in a bundle that has a .map beside it. */
function sourceMapper() {
  const cache = new Map();
  return (file, line, column) => {
    if (!cache.has(file)) {
      let m;
      try {
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
        m = {
          sources: map.sources.map((s) => path.normalize(path.join(path.dirname(file), s))),
          lines: decodeMappings(map),
        };
      } catch {
        m = null;
      }
      cache.set(file, m);
    }
    const m = cache.get(file);
    const segs = m?.lines[line];
    if (!segs?.length) return null;
    let best = segs[0];
    for (const s of segs) {
      if (s[0] > column) break;
      best = s;
    }
    return { source: m.sources[best[1]], line: best[2] + 1 };
  };
}

const ROOT = process.cwd();

/** The package (or our folder) a frame belongs to. */
function packageOf(url, name) {
  if (!url) {
    if (name === '(garbage collector)' || name === '(idle)' || name === '(program)') return name;
    return '(native)';
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = path.relative(ROOT, url);
  const p = rel.split(path.sep);
  if (p[0] === 'server' && p[1] === 'areas') return p.slice(0, 3).join('/');
  return p.slice(0, Math.min(2, p.length - 1)).join('/') || rel;
}

export function summarize(profile, top = 30) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const map = sourceMapper();
  const fns = new Map();
  const pkgs = new Map();
  let total = 0;
  for (const [id, us] of self) {
    let n = byId.get(id);
    // A native function (writev, JSON.parse) counts for its nearest caller with a file, named
    // after both: the package that asked for the work is what can be changed.
    let native = null;
    if (!n.callFrame.url && !/^\((garbage collector|idle|program|root)\)$/.test(n.callFrame.functionName)) {
      native = n.callFrame.functionName || '(native)';
      for (let up = parentOf.get(n.id), k = 0; up && k < 50; up = parentOf.get(up.id), k++) {
        if (up.callFrame.url && !up.callFrame.url.startsWith('node:internal')) {
          n = up;
          break;
        }
      }
    }
    const cf = n.callFrame;
    let url = cf.url?.startsWith('file://') ? fileURLToPath(cf.url) : cf.url;
    let line = cf.lineNumber + 1;
    if (url && url.endsWith('.js') && !url.includes('node_modules') && existsSync(`${url}.map`)) {
      const src = map(url, cf.lineNumber, cf.columnNumber);
      if (src) {
        url = src.source;
        line = src.line;
      }
    }
    const name = native
      ? `${native} <- ${cf.functionName || '(anonymous)'}`
      : cf.functionName || '(anonymous)';
    const where = url ? `${url.startsWith('node:') ? url : path.relative(ROOT, url)}:${line}` : '';
    const key = `${name} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = packageOf(url, cf.functionName);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
    total += us;
  }
  const rows = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { total, functions: rows(fns).slice(0, top), packages: rows(pkgs) };
}

function print(file, s) {
  const busy = s.total - (s.packages.find(([p]) => p === '(idle)')?.[1] ?? 0);
  const pc = (us) => `${((100 * us) / s.total).toFixed(1)}%`.padStart(6);
  const msf = (us) => `${(us / 1000).toFixed(0)} ms`.padStart(10);
  console.log(`${file}: ${(s.total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle`);
  console.log('\nby package (self time):');
  for (const [k, us] of s.packages) console.log(`${msf(us)} ${pc(us)}  ${k}`);
  console.log(`\ntop ${s.functions.length} functions (self time):`);
  for (const [k, us] of s.functions) console.log(`${msf(us)} ${pc(us)}  ${k}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const top = Number(process.argv.find((a) => a.startsWith('--top='))?.split('=')[1]) || 30;
  if (!files.length) {
    console.error('Usage: node scripts/cpuprofile-summary.mjs <file.cpuprofile>… [--top=N]');
    process.exit(2);
  }
  for (const f of files) {
    print(f, summarize(JSON.parse(readFileSync(f, 'utf8')), top));
    console.log();
  }
}
