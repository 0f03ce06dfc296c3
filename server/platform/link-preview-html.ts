import { LINK_PREVIEW_LIMITS } from '@common/core/link-previews';

/*
 * What a card shows, read from a page's HTML: Open Graph first (og:title, og:description,
 * og:image, og:site_name), then Twitter's tags, then the plain <title> and description. The page
 * is never run or rendered: a few tags are found with bounded patterns in its first part, and
 * what comes out is plain text (the web app shows it as text) and one address checked again
 * before it is fetched.
 */

export type PageMeta = {
  title: string;
  description: string | null;
  siteName: string | null;
  image: URL | null;
};

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the character references a title or description holds (others stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what goes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Whitespace collapsed, control characters dropped, cut to `max` characters. */
function clean(text: string | undefined, max: number): string | null {
  if (!text) return null;
  const out = decodeEntities(text).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (!out) return null;
  return out.length > max ? `${out.slice(0, max - 1).trimEnd()}…` : out;
}

const ATTR = /([a-z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(ATTR)) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

/** The page's text, in the charset its header or <meta charset> names when the runtime knows it. */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const head = bytes.subarray(0, 2048).toString('latin1');
  const charset =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The card's fields from a page at `pageUrl`; null when it has no title to show. */
export function readPageMeta(html: string, pageUrl: URL): PageMeta | null {
  // The head is where these tags live; a page without one is read as far as the budget went.
  const end = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = end > 0 ? html.slice(0, end) : html;
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributesOf(m[0]);
    const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  const titleTag = /<title\b[^>]*>([\s\S]{0,2000}?)<\/title>/i.exec(head)?.[1];
  const { titleMax, descriptionMax, siteNameMax } = LINK_PREVIEW_LIMITS;
  const title = clean(meta['og:title'] ?? meta['twitter:title'] ?? titleTag, titleMax);
  if (!title) return null;
  const imageRef =
    meta['og:image'] ?? meta['og:image:url'] ?? meta['og:image:secure_url'] ?? meta['twitter:image'];
  let image: URL | null = null;
  if (imageRef) {
    try {
      image = new URL(decodeEntities(imageRef.trim()), pageUrl);
    } catch {
      image = null;
    }
  }
  return {
    title,
    description: clean(
      meta['og:description'] ?? meta['twitter:description'] ?? meta.description,
      descriptionMax,
    ),
    siteName: clean(meta['og:site_name'], siteNameMax),
    image,
  };
}
