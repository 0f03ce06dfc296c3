/*
 * Addresses into this site's API (issue 13). A link or picture there is a request the reader's
 * browser makes with their cookies, the way an article once signed every reader into the author's
 * account through a confirmation link; so markdown (markdown.ts) and linkified plain text
 * (web/lib/linkify.ts) never link to one. Kept apart from markdown.ts so plain-text pages do not
 * load the markdown renderer.
 */

/** Host names this site is served at: a link there is same-site, whatever its scheme or port. */
const siteHosts = new Set<string>();
const hostOf = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Tells the renderer where this site lives, so an absolute URL to it counts as same-site (the
 * server registers BASE_URL and its other origins at boot; a browser knows its own address).
 */
export function addMarkdownSiteOrigin(origin: string) {
  try {
    siteHosts.add(hostOf(new URL(origin).hostname));
  } catch {
    // Not a URL: nothing to add.
  }
}
if (typeof window !== 'undefined' && window.location?.hostname) addMarkdownSiteOrigin(window.location.href);

/** Stands for this site when resolving a path; never requested. */
const HERE = 'https://same-site.invalid';

/**
 * True when a browser following `url` would reach this site's API: a path or an absolute URL to
 * this site whose path, decoded as a server decodes it (percent escapes, repeatedly; dot segments;
 * backslashes), starts with /api. Case is ignored.
 */
export function pointsAtApi(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), `${HERE}/`);
  } catch {
    return false;
  }
  if (parsed.origin !== HERE && !siteHosts.has(hostOf(parsed.hostname))) return false;
  let path = parsed.pathname;
  for (let pass = 0; pass < 5; pass++) {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // A stray % stays as it is.
    }
    try {
      // Concatenated, not resolved: '//api' stays a path here instead of becoming a host.
      decoded = new URL(`${HERE}${decoded.replace(/\\/g, '/').replace(/^(?!\/)/, '/')}`).pathname;
    } catch {
      // Not a path anything would route: refused rather than guessed at.
      return true;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return /^\/+api(?:\/|$)/i.test(path);
}
