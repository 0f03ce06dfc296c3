// Writes dist/web/welcome.html: dist/web/index.html with the visitor's / already drawn in it
// (web/app/prerender/render-welcome.tsx), so the welcome text paints with the first paint instead
// of after the app's script (issue 14). server/lib/static.ts sends it for / to requests without a
// session cookie; the app renders into the hidden #root and takes over (web/app/prerender/handover.ts).
// It also writes dist/web/member.html: the shell with the frame of a member's page drawn in #root
// (web/app/prerender/render-member-frame.tsx: the layout's loading state, nobody's data), which the
// server sends to requests with a session cookie for the pages under the shared layout, so a
// member's page paints with the stylesheet instead of after the app's script (issue 30).
// The plain shell also gets a modulepreload of the first view's chunk, which the entry only asks
// for through import(). Runs after `vite build` (npm run build:web).
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

process.env.NODE_ENV = 'production';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'dist/web');
const PRERENDERED_ID = 'prerendered';
/** The element of member.html that holds the frame, inside #root (not PRERENDERED_ID: see web/main.tsx). */
const FRAME_ID = 'member-frame';

// Bundled inside dist/ so that Node resolves the packages it leaves external from the project.
const bundleDir = path.join(root, 'dist', '.prerender');
/** How the welcome page's and the routes' modules are bundled for Node. */
const bundleOptions = {
  outdir: bundleDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  packages: 'external',
  alias: { '@web': path.join(root, 'web'), '@common': path.join(root, 'common') },
  define: { 'import.meta.env.DEV': 'false' },
};

/**
 * Which of the web app's modules each area route loads: `[{ path, access, modules }]`, with the
 * modules named as the Vite manifest names them (relative to web/). The areas' module.ts files are
 * bundled with every `import('./x')` replaced by a recorder, and each route's `lazy` is called: what
 * it asks for is its page. Nothing of the pages themselves is bundled or run.
 */
async function readRouteModules() {
  const MODULE_FILE = /[\\/]web[\\/]areas[\\/][^\\/]+[\\/]module\.tsx?$/;
  const recordImports = {
    name: 'record-route-imports',
    setup(b) {
      b.onLoad({ filter: MODULE_FILE }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g, (_, spec) => {
          const base = path.resolve(path.dirname(args.path), spec);
          const file = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
            .map((ext) => base + ext)
            .find((f) => existsSync(f));
          if (!file) throw new Error(`prerender: ${spec} (imported by ${args.path}) not found`);
          const key = path.relative(path.join(root, 'web'), file).split(path.sep).join('/');
          return `globalThis.__routeImport(${JSON.stringify(key)})`;
        });
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
  await build({
    entryPoints: { areas: path.join(root, 'web/areas/index.ts') },
    ...bundleOptions,
    plugins: [recordImports],
    logLevel: 'warning',
  });
  let asked = [];
  // Whatever a page module is asked for, it answers with a stand-in: `lazy` only picks its export.
  // It has no `then`, or awaiting it would wait for ever.
  const standIn = new Proxy({}, { get: (_, name) => (name === 'then' ? undefined : () => null) });
  globalThis.__routeImport = (key) => {
    asked.push(key);
    return Promise.resolve(standIn);
  };
  const { WEB_AREAS } = await import(pathToFileURL(path.join(bundleDir, 'areas.mjs')).href);
  const routes = [];
  for (const route of WEB_AREAS.flatMap((area) => area.routes ?? [])) {
    asked = [];
    await route.lazy();
    routes.push({ path: route.path, access: route.access, modules: asked });
  }
  delete globalThis.__routeImport;
  return routes;
}

let markup;
let frameMarkup;
let appPaths;
let shellPaths;
let routeModules;
try {
  await build({
    entryPoints: {
      'render-welcome': path.join(root, 'web/app/prerender/render-welcome.tsx'),
      'render-member-frame': path.join(root, 'web/app/prerender/render-member-frame.tsx'),
      'app-paths': path.join(root, 'web/app/routing/app-paths.ts'),
    },
    ...bundleOptions,
    logLevel: 'warning',
  });
  const { renderWelcome } = await import(pathToFileURL(path.join(bundleDir, 'render-welcome.mjs')).href);
  markup = renderWelcome();
  const { renderMemberFrame } = await import(
    pathToFileURL(path.join(bundleDir, 'render-member-frame.mjs')).href
  );
  frameMarkup = renderMemberFrame();
  ({ APP_PATHS: appPaths, SHELL_PATHS: shellPaths } = await import(
    pathToFileURL(path.join(bundleDir, 'app-paths.mjs')).href
  ));
  routeModules = await readRouteModules();
} finally {
  await rm(bundleDir, { recursive: true, force: true });
}

/**
 * The app draws the same page again in #root (hidden until it takes over), so the prerendered
 * copy's ids get a prefix, and its references (labels, aria, in-page links) follow.
 */
function prefixIds(html) {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const renamed = (id) => (ids.has(id) ? `pre-${id}` : id);
  return html
    .replace(/\s(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g, (_, attr, value) => {
      return ` ${attr}="${value.split(' ').map(renamed).join(' ')}"`;
    })
    .replace(/\shref="#([^"]+)"/g, (_, id) => ` href="#${renamed(id)}"`);
}

const manifest = JSON.parse(await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8'));
const firstView = Object.values(manifest).find((chunk) => chunk.name === 'first-view');
if (!firstView) throw new Error('prerender: no first-view chunk in the build manifest (see vite.config.ts)');
const preload = `<link rel="modulepreload" crossorigin href="/${firstView.file}">`;
// React's DOM renderer is a chunk the entry imports on its own (web/main.tsx, docs/decisions/049):
// asked for only by the entry, which runs once the first view's chunk has run, it would start
// downloading one round trip late. The plain shell names it beside the first view's chunk.
const rendererKey = Object.keys(manifest).find((key) => /(^|\/)react-dom\/client\.js$/.test(key));
if (!rendererKey)
  throw new Error('prerender: no chunk for react-dom/client in the build manifest (see web/main.tsx)');
const rendererPreload = `<link rel="modulepreload" crossorigin href="/${manifest[rendererKey].file}">`;

const indexPath = path.join(webDist, 'index.html');
// (Without the links an earlier run of this script added.)
const built = (await readFile(indexPath, 'utf8'))
  .split('\n')
  .filter((line) => !line.includes(preload) && !line.includes(rendererPreload))
  .join('\n');
const rootDiv = '<div id="root"></div>';
if (!built.includes(rootDiv)) throw new Error(`prerender: ${rootDiv} not found in dist/web/index.html`);
// The plain shell (members, other paths) shows nothing until the app runs: fetch it all at once.
const shell = built.replace('</head>', `  ${preload}\n    ${rendererPreload}\n  </head>`);
await writeFile(indexPath, shell);

// The welcome page does not preload the app: downloaded beside the stylesheet, it would share the
// link with it and hold back the first paint. The entry asks for it once that paint is done.
const welcome = built.replace(
  rootDiv,
  `<div id="${PRERENDERED_ID}">${prefixIds(markup)}</div>\n    <div id="root" hidden></div>`,
);
await writeFile(path.join(webDist, 'welcome.html'), welcome);
// A member's page: the plain shell (with its preloads) and the frame in #root, hidden from assistive
// technology and out of the tab order (inert) while it stands in for the app. Its ids are prefixed
// too, though the app's first render empties #root before it adds its own.
const member = shell.replace(
  rootDiv,
  `<div id="root"><div id="${FRAME_ID}" aria-hidden="true" inert>${prefixIds(frameMarkup)}</div></div>`,
);
await writeFile(path.join(webDist, 'member.html'), member);
// Each page's own chunks (its route's module and what it imports, less the shell's files, which every
// page preloads already): the server names them as modulepreload links in the page's HTML, so they
// download beside the first view's chunk instead of after it has run (server/lib/static.ts).
const staticClosure = (keys, into = new Set()) => {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    staticClosure(manifest[key].imports ?? [], into);
  }
  return into;
};
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shellKeys = staticClosure([entryKey, Object.keys(manifest).find((key) => manifest[key] === firstView)]);
const routeChunks = routeModules.map(({ path: page, access, modules }) => {
  // A module with no entry of its own is inside one of vite.config.ts's named groups (the home page
  // is in the first view's chunk): the shell preloads that one already.
  const files = [...staticClosure(modules)]
    .filter((key) => !shellKeys.has(key))
    .map((key) => `/${manifest[key].file}`);
  return { page, access, files };
});
await writeFile(path.join(webDist, 'route-chunks.json'), `${JSON.stringify(routeChunks)}\n`);
// The app's page paths, derived from the areas' route declarations: the server answers them with
// a 200 and any other path with a 404 (server/lib/static.ts).
await writeFile(path.join(webDist, 'app-paths.json'), `${JSON.stringify(appPaths)}\n`);
// The app's pages outside the shared layout (the sign-in pages): a member gets the plain shell for
// them, not the layout's frame.
await writeFile(path.join(webDist, 'frameless-paths.json'), `${JSON.stringify(shellPaths)}\n`);
console.log(
  `prerender: dist/web/welcome.html (${(markup.length / 1024).toFixed(1)} KB of markup), dist/web/member.html (${(frameMarkup.length / 1024).toFixed(1)} KB)`,
);
