import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appPathMatcher } from '@common/core/routes';
import type { Context } from 'hono';

/** An API read a page makes first (platform/area.ts `PageRead`): the page's path and the API address. */
type PageRead = { page: string; api: string };

/** A path part that fills a `:name`: nothing that needs escaping in a URL or an HTML attribute. */
const PARAM = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The preload hints of a page's API reads: `<link rel="preload" as="fetch" crossorigin>` (no
 * credentials mode beyond the same origin's, which is what the app's own fetch uses, so the
 * browser hands the answer to it). Made from the path alone, never from stored data.
 */
export function pageReadHints(reads: readonly PageRead[]): (pathname: string) => string {
  const matchers = reads.map(({ page, api }) => {
    const parts = page === '*' ? null : page.split('/');
    return (pathname: string): string | null => {
      if (!parts) return api;
      const got = pathname.split('/');
      if (got.length !== parts.length) return null;
      const params: Record<string, string> = {};
      for (let i = 0; i < parts.length; i++) {
        const want = parts[i]!;
        if (want.startsWith(':')) {
          if (!PARAM.test(got[i]!)) return null;
          params[want.slice(1)] = got[i]!;
        } else if (want !== got[i]) return null;
      }
      return api.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '');
    };
  });
  return (pathname) =>
    matchers
      .map((match) => match(pathname))
      .filter((href): href is string => href !== null)
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href.replaceAll('&', '&amp;')}">`)
      .join('');
}

/** A page's own chunks (dist/web/route-chunks.json, written by scripts/prerender.mjs). */
type RouteChunks = { page: string; access: 'public' | 'signed-in'; files: string[] };

/** A built chunk's address: nothing that needs escaping in an HTML attribute. */
const CHUNK_FILE = /^\/assets\/[A-Za-z0-9_.-]+\.js$/;

/**
 * The modulepreload links of a page's own chunks: the route's module and the files it imports,
 * beyond the shell's (which every page preloads). Without them the browser learns of them only once
 * the first view's code has run and the router asks for the route. They are of low priority: the
 * browser fetches them once the stylesheet and the first view's chunk, which the first paint needs,
 * have come, while the first view's code runs. A route a visitor cannot open
 * (access 'signed-in': they are sent to /auth) gets none for a visitor. Where two routes match, the
 * one with more fixed parts wins, as in the router (`/forums/create-group` over `/forums/:postId`).
 */
export function routeChunkHints(
  routes: readonly RouteChunks[],
): (pathname: string, signedIn: boolean) => string {
  const matchers = routes
    .filter((r) => r.files.length > 0 && r.files.every((f) => CHUNK_FILE.test(f)))
    .map((r) => ({
      ...r,
      re: new RegExp(`^${r.page.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
      fixed: r.page.split('/').filter((part) => part && !part.startsWith(':')).length,
    }))
    .sort((a, b) => b.fixed - a.fixed);
  return (pathname, signedIn) => {
    const route = matchers.find((r) => r.re.test(pathname));
    if (!route || (route.access === 'signed-in' && !signedIn)) return '';
    return route.files
      .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`)
      .join('');
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wav': 'audio/wav',
};

/**
 * better-auth's session cookie (server/platform/auth.ts: prefix `cofound`), with the `__Secure-`
 * prefix it takes over HTTPS.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?cofound\.session_token=[^;\s]/;

/**
 * Serves the built web app. Hashed files under /assets are cached for a year; everything else is
 * revalidated. Paths that are not files get index.html, with a 404 status when the app has no such
 * route: the build lists the app's page paths in app-paths.json, derived from the areas' route
 * declarations (scripts/prerender.mjs). A build without that list answers every path with a 200.
 * A visitor's / (no session cookie) gets welcome.html instead when the build has it: the welcome
 * page prerendered into the shell (scripts/prerender.mjs), so it paints before the app's script
 * runs. Anyone with a session cookie never gets it (no flash of it for a member): on a page under
 * the shared layout they get member.html, the shell with the layout's loading state drawn in its
 * #root (scripts/prerender.mjs), the same for every member, so their page paints when the
 * stylesheet arrives rather than once the app's script has run; the app's first render replaces
 * it. The pages outside the layout (frameless-paths.json: the sign-in pages) and a build without
 * member.html get the plain shell.
 *
 * A page of the app asked for with a session cookie and without a query string also names the API
 * reads it will make first (the areas' `pageReads`), as preload hints at the top of its head: the
 * browser fetches them while it downloads the app's code. Without a session cookie there are none
 * (a visitor's pages would only be refused), and with a query string the page may read something
 * else. The hints hold nothing but addresses made from the requested path.
 *
 * Any page of the app also names its route's own chunks as modulepreload links at the end of its
 * head (`routeChunkHints`, from the build's route-chunks.json), so they download beside the first
 * view's chunk: made from the path and the build alone, the same for everyone allowed on the page.
 */
export function createStaticHandler(webDir: string, pageReads: readonly PageRead[] = []) {
  const hintsFor = pageReadHints(pageReads);
  let indexHtml: string | undefined;
  let welcomeHtml: string | null | undefined;
  let memberHtml: string | null | undefined;
  let isAppPath: ((pathname: string) => boolean) | undefined;
  let isFrameless: ((pathname: string) => boolean) | undefined;
  let chunksFor: ((pathname: string, signedIn: boolean) => string) | undefined;
  const gzipped = new Map<string, Buffer>();
  const root = path.resolve(webDir);

  return async (c: Context) => {
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const file = path.resolve(root, `.${pathname}`);
    if (file.startsWith(root + path.sep) && !pathname.endsWith('/') && pathname !== '/index.html') {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const body = await readFile(file);
        const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        const immutable = pathname.startsWith('/assets/');
        return c.body(body, 200, {
          'content-type': type,
          // The service worker: never from a cache, so a new version is found on the next visit.
          'cache-control':
            pathname === '/sw.js'
              ? 'no-cache'
              : immutable
                ? 'public, max-age=31536000, immutable'
                : 'public, max-age=0, must-revalidate',
        });
      }
    }
    c.header('cache-control', 'no-cache');
    // The answer depends on the cookie (the welcome page, the hints): a cache must not hand one
    // person's to another.
    c.header('vary', 'Cookie');
    const signedIn = SESSION_COOKIE.test(c.req.header('cookie') ?? '');
    if (pathname === '/') {
      welcomeHtml ??= await readFile(path.join(root, 'welcome.html'), 'utf8').catch(() => null);
      if (welcomeHtml !== null && !signedIn) return html(c, welcomeHtml, 200);
    }
    indexHtml ??= await readFile(path.join(root, 'index.html'), 'utf8');
    isAppPath ??= await readFile(path.join(root, 'app-paths.json'), 'utf8').then(
      (text) => appPathMatcher(JSON.parse(text) as string[]),
      () => () => true,
    );
    // A member's page (an unknown path's too: 'Page not found' is drawn in the layout).
    let shell = indexHtml;
    if (signedIn) {
      memberHtml ??= await readFile(path.join(root, 'member.html'), 'utf8').catch(() => null);
      isFrameless ??= await readFile(path.join(root, 'frameless-paths.json'), 'utf8').then(
        (text) => appPathMatcher(JSON.parse(text) as string[]),
        () => () => false,
      );
      if (memberHtml !== null && !isFrameless(pathname)) shell = memberHtml;
    }
    if (!isAppPath(pathname)) return html(c, shell, 404);
    chunksFor ??= await readFile(path.join(root, 'route-chunks.json'), 'utf8').then(
      (text) => routeChunkHints(JSON.parse(text) as RouteChunks[]),
      () => () => '',
    );
    const hints = signedIn && url.search === '' ? hintsFor(url.pathname) : '';
    const chunks = chunksFor(url.pathname, signedIn);
    let page = hints ? shell.replace('<head>', `<head>${hints}`) : shell;
    // After the shell's own modulepreload (the end of the head): the first view's chunk is asked
    // for first.
    if (chunks) page = page.replace('</head>', `${chunks}</head>`);
    return html(c, page, 200);
  };

  /**
   * A page's HTML, gzipped when the browser takes it. Every arrival asks for one of a few texts (the
   * shell, the welcome page, a member's page, the last two with a page's hints): each is compressed
   * once and kept (the latest GZIPPED_KEPT), instead of through compress()'s stream on every request.
   */
  function html(c: Context, text: string, status: 200 | 404) {
    if (
      c.req.method === 'HEAD' ||
      text.length < GZIP_THRESHOLD ||
      !GZIP.test(c.req.header('accept-encoding') ?? '')
    )
      return c.html(text, status);
    let zipped = gzipped.get(text);
    if (zipped) gzipped.delete(text);
    else zipped = gzipSync(text, { level: 6 });
    gzipped.set(text, zipped);
    if (gzipped.size > GZIPPED_KEPT) gzipped.delete(gzipped.keys().next().value!);
    c.header('vary', 'Cookie, Accept-Encoding');
    return c.body(new Uint8Array(zipped), status, {
      'content-type': 'text/html; charset=UTF-8',
      'content-encoding': 'gzip',
      'content-length': String(zipped.length),
    });
  }
}

/** The HTML texts kept gzipped, the most recently served first to stay. */
const GZIPPED_KEPT = 200;
/** compress()'s threshold: smaller answers go as they are. */
const GZIP_THRESHOLD = 1024;
const GZIP = /\bgzip\b/;
