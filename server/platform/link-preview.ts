import { randomUUID } from 'node:crypto';
import { LINK_PREVIEW_LIMITS, LINK_PREVIEW_MSG, type LinkPreview } from '@common/core/link-previews';
import { IMAGE_PRESETS } from '@common/core/uploads';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { linkPreviews } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { processImage } from './images';
import { readPageMeta, decodeHtml } from './link-preview-html';
import {
  FetchRefused,
  guardedGet,
  HTML_TYPES,
  IMAGE_TYPES,
  parseAllowHosts,
  systemResolver,
  type FetchFailure,
  type FetchPolicy,
  type Resolver,
} from './link-preview-net';
import { enforce, type RateLimit } from './rate-limit';
import type { Storage } from './storage';
import { createWorkQueue } from './work-queue';

/*
 * Link previews (docs/decisions/028): the server fetches a page once, when a member's composer asks
 * for it, keeps its card in `link_previews` by normalised address, and every post, comment or
 * message linking there shows that row. Shown cards only read the table; only the composer's
 * request fetches, within a per-account limit and a per-process queue. The page's image is fetched
 * through the same guard, re-encoded by the image path and stored as our own file: no card ever
 * loads anything from the linked site.
 */

export const LINK_PREVIEW_BUDGET = {
  /** The whole exchange, page and image, redirects included. */
  timeoutMs: 8_000,
  /** A page larger than this is refused (the tags are in the head; a larger page is not read). */
  htmlMaxBytes: 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  /** A card is fetched again when a composer asks after this long... */
  refreshAfterMs: 7 * 24 * 3600_000,
  /** ...and a failed fetch is retried after this long. */
  retryFailedAfterMs: 24 * 3600_000,
} as const;

/** New fetches one account may cause (cached answers are free): a busy writer's day, not a crawler's. */
export const LINK_PREVIEW_FETCHES: RateLimit = { name: 'link-preview-fetches', max: 30, windowSec: 3600 };

/** The card's image: one copy, the content preset's card width. */
const IMAGE_SIZE = Math.min(...IMAGE_PRESETS.content.sizes);

export type LinkPreviewOptions = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** LINK_PREVIEW_ALLOW_HOSTS: `host:port` pairs that may be private (tests, intranets). */
  allowHosts: readonly string[];
  /** The site's address, named in the User-Agent so a site owner knows who asks. */
  baseUrl: string;
  /** Tests: a name resolver of their own, and a shorter deadline. */
  resolve?: Resolver;
  timeoutMs?: number;
};

/**
 * The address as the cache keys it: no fragment, no default port, the host in lower case; null
 * when it is not an address, or carries credentials (never stored).
 */
export function normaliseUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  url.hash = '';
  return url.href.length <= LINK_PREVIEW_LIMITS.urlMax ? url.href : null;
}

type Row = typeof linkPreviews.$inferSelect;

export function createLinkPreviews(opts: LinkPreviewOptions) {
  const { db, storage, logger } = opts;
  const policy: FetchPolicy = {
    allowHosts: parseAllowHosts(opts.allowHosts),
    resolve: opts.resolve ?? systemResolver,
    maxRedirects: LINK_PREVIEW_BUDGET.maxRedirects,
  };
  const timeoutMs = opts.timeoutMs ?? LINK_PREVIEW_BUDGET.timeoutMs;
  const userAgent = `CofoundLinkPreview/1.0 (+${opts.baseUrl})`;
  // A few fetches at once per process; a burst waits a little, then is refused.
  const queue = createWorkQueue({
    active: 4,
    waiting: 16,
    busy: () => new AppError('RATE_LIMITED', LINK_PREVIEW_MSG.busy, undefined, { retryAfter: 5 }),
  });
  // One fetch per address at a time: a second asker waits for the first one's answer.
  const inFlight = new Map<string, Promise<Row>>();

  const toPreview = (row: Row | undefined): LinkPreview | null =>
    row?.status === 'ok' && row.title
      ? {
          url: row.url,
          title: row.title,
          description: row.description,
          siteName: row.siteName,
          imageUrl: row.imageKey ? storage.url(row.imageKey) : null,
        }
      : null;

  const read = async (url: string) =>
    (await db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1))[0];

  const isFresh = (row: Row) =>
    Date.now() - row.fetchedAt.getTime() <
    (row.status === 'ok' ? LINK_PREVIEW_BUDGET.refreshAfterMs : LINK_PREVIEW_BUDGET.retryFailedAfterMs);

  /** The image re-encoded and stored under a new key; null when there is none worth keeping. */
  async function storeImage(image: URL, signal: AbortSignal): Promise<string | null> {
    try {
      const got = await guardedGet(
        image,
        { types: IMAGE_TYPES, accept: IMAGE_TYPES.join(','), maxBytes: LINK_PREVIEW_BUDGET.imageMaxBytes },
        policy,
        signal,
        userAgent,
      );
      const processed = await processImage(new Uint8Array(got.bytes), 'content');
      const copy = processed.variants.find((v) => v.size === IMAGE_SIZE) ?? processed.variants[0]!;
      const key = `link-previews/${randomUUID()}/${copy.size}.webp`;
      await storage.put(key, copy.bytes, 'image/webp');
      return key;
    } catch (err) {
      // A card without its picture is still a card.
      logger.debug({ err, image: image.href }, 'link preview image skipped');
      return null;
    }
  }

  async function fetchCard(url: string): Promise<Omit<Row, 'url' | 'fetchedAt'>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const page = await guardedGet(
        new URL(url),
        {
          types: HTML_TYPES,
          accept: 'text/html,application/xhtml+xml',
          maxBytes: LINK_PREVIEW_BUDGET.htmlMaxBytes,
        },
        policy,
        controller.signal,
        userAgent,
      );
      const meta = readPageMeta(decodeHtml(page.bytes, page.contentType), page.url);
      if (!meta) throw new FetchRefused('no title');
      const imageKey = meta.image ? await storeImage(meta.image, controller.signal) : null;
      return {
        status: 'ok',
        title: meta.title,
        description: meta.description,
        siteName: meta.siteName ?? page.url.hostname.replace(/^www\./, ''),
        imageKey,
        failure: null,
      };
    } catch (err) {
      const failure: FetchFailure = err instanceof FetchRefused ? err.reason : 'network';
      if (!(err instanceof FetchRefused)) logger.warn({ err }, 'link preview fetch failed');
      return { status: 'failed', title: null, description: null, siteName: null, imageKey: null, failure };
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchAndStore(url: string, previous: Row | undefined): Promise<Row> {
    const card = await queue.run(() => fetchCard(url));
    // A refresh that failed keeps the card it had (the page may be down for a moment).
    if (card.status === 'failed' && previous?.status === 'ok') {
      const [kept] = await db
        .update(linkPreviews)
        .set({ fetchedAt: sql`now()` })
        .where(eq(linkPreviews.url, url))
        .returning();
      return kept ?? previous;
    }
    const [row] = await db
      .insert(linkPreviews)
      .values({ url, ...card })
      .onConflictDoUpdate({ target: linkPreviews.url, set: { ...card, fetchedAt: sql`now()` } })
      .returning();
    if (previous?.imageKey && previous.imageKey !== row!.imageKey)
      await storage.delete(previous.imageKey).catch(() => {});
    return row!;
  }

  return {
    /** A shown card: the stored row only, never a fetch. */
    async cached(input: string): Promise<LinkPreview | null> {
      const url = normaliseUrl(input);
      return url ? toPreview(await read(url)) : null;
    },

    /**
     * The composer's ask: the stored card while it is fresh, else a fetch counted against the
     * member's limit. A refused or failed fetch is stored too and answers null (the plain link).
     */
    async forComposer(viewerId: string, input: string): Promise<LinkPreview | null> {
      const url = normaliseUrl(input);
      if (!url) return null;
      const row = await read(url);
      if (row && isFresh(row)) return toPreview(row);
      const pending = inFlight.get(url);
      if (pending) return toPreview(await pending);
      await enforce(db, LINK_PREVIEW_FETCHES, viewerId, LINK_PREVIEW_MSG.tooMany);
      // Another ask may have started the fetch while the limit was counted.
      const started = inFlight.get(url);
      if (started) return toPreview(await started);
      const work = fetchAndStore(url, row).finally(() => inFlight.delete(url));
      inFlight.set(url, work);
      return toPreview(await work);
    },
  };
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;
