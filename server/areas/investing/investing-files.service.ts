import {
  INVESTING,
  INVESTING_MSG,
  type MediaType,
  type PitchDeckOpenPage,
  type UploadedFile,
} from '@common/investing/model';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import { deleteFileByKey, fileOwnerOf, isVideoFormat, saveFile, sniffFileFormat } from '../../platform/files';
import { deleteImageByUrl, ownUploadedImage, saveImage, sniffImageFormat } from '../../platform/images';
import { enforce } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { recordUpload } from '../../platform/upload-ledger';
import type { UploadFile } from '../../platform/uploads';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { IDEA_FROM, iso, notFound, visibleFounder, type InvestingDeps } from './investing-rows';

/*
 * The investing board's files (docs/product-rules.md: upload limits): an idea's picture (5 MB, checked and
 * re-encoded like every image), its video (50 MB), an update's image or video, and, going further,
 * its pitch deck (a PDF of 20 MB, kept private: only signed-in members who may read the idea get it,
 * through the API, and its founder sees who opened it). Videos and PDFs are checked by their first
 * bytes and stored as they are (platform/files.ts). Every upload is streamed to a temporary file
 * first (platform/uploads.ts: bounded in flight, refused by its first bytes before the rest is read)
 * and is in the ledger, with its size, until an idea or update uses it.
 */

export type UploadKind = 'image' | 'video' | 'media' | 'pdf';

const FILE_KIND = { video: 'idea-video', pdf: 'idea-deck' } as const;
const UPLOAD_LIMIT = { name: 'investing-upload', max: INVESTING.uploadsPerHour, windowSec: 3600 };

/** The byte limit of each upload route. */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: INVESTING.imageMaxBytes,
  video: INVESTING.videoMaxBytes,
  media: INVESTING.videoMaxBytes,
  pdf: INVESTING.pdfMaxBytes,
};

export function tooLarge(maxBytes: number) {
  return () =>
    new AppError('PAYLOAD_TOO_LARGE', INVESTING_MSG.fileTooLarge, {
      file: INVESTING_MSG.fileSizeMax(Math.round(maxBytes / (1024 * 1024))),
    });
}

const invalidType = (hint: string) =>
  new AppError('VALIDATION', INVESTING_MSG.invalidFileType, { file: hint });

async function record(
  deps: InvestingDeps,
  viewerId: string,
  url: string,
  bytes: number,
  undo: () => Promise<unknown>,
) {
  await recordUpload(deps.db, deps.storage, viewerId, url, { attached: false, bytes }).catch(async (err) => {
    await undo().catch(() => false);
    throw err;
  });
}

async function storeImage(deps: InvestingDeps, viewerId: string, file: UploadFile): Promise<UploadedFile> {
  if (file.size > INVESTING.imageMaxBytes) throw tooLarge(INVESTING.imageMaxBytes)();
  const saved = await saveImage(deps.storage, file, { preset: 'content', ownerId: viewerId });
  await record(deps, viewerId, saved.url, saved.bytes, () =>
    deleteImageByUrl(deps.storage, saved.url, viewerId),
  );
  return { url: saved.url, mediaType: 'image' };
}

async function storeFile(
  deps: InvestingDeps,
  viewerId: string,
  file: UploadFile,
  format: 'mp4' | 'webm' | 'pdf',
): Promise<UploadedFile> {
  const pdf = format === 'pdf';
  const saved = await saveFile(deps.storage, file, {
    format,
    kind: pdf ? FILE_KIND.pdf : FILE_KIND.video,
    ownerId: viewerId,
    private: pdf,
  });
  await record(deps, viewerId, saved.url, saved.bytes, () => deleteFileByKey(deps.storage, saved.key));
  return { url: saved.url, mediaType: pdf ? 'pdf' : 'video' };
}

/** What each route takes, by the first bytes: null, or the refusal in the route's words. */
export function acceptUpload(kind: UploadKind) {
  return (head: Uint8Array) => {
    const image = sniffImageFormat(head);
    const file = image ? null : sniffFileFormat(head);
    switch (kind) {
      case 'image':
        return image ? null : invalidType(INVESTING_MSG.uploadImage);
      case 'video':
        return isVideoFormat(file) ? null : invalidType(INVESTING_MSG.uploadVideo);
      case 'media':
        return image || isVideoFormat(file) ? null : invalidType(INVESTING_MSG.uploadImageOrVideo);
      case 'pdf':
        return file === 'pdf' ? null : invalidType(INVESTING_MSG.uploadPdf);
    }
  };
}

/**
 * POST /api/investing/uploads/{kind}: checked by content, never by name or declared type (the
 * first bytes were checked while the file arrived; checked again here).
 */
export async function uploadIdeaFile(
  deps: InvestingDeps,
  viewer: Viewer,
  kind: UploadKind,
  upload: UploadFile,
): Promise<UploadedFile> {
  await enforce(deps.db, UPLOAD_LIMIT, viewer.id);
  const refused = acceptUpload(kind)(upload.head);
  if (refused) throw refused;
  if (sniffImageFormat(upload.head)) return storeImage(deps, viewer.id, upload);
  const format = sniffFileFormat(upload.head)!;
  return storeFile(deps, viewer.id, upload, format);
}

const notUploaded = (field: string) =>
  new AppError('VALIDATION', INVESTING_MSG.mediaNotUploaded, { [field]: INVESTING_MSG.mediaNotUploaded });

/** The picture as stored: null, or the main copy of a content image this viewer uploaded. */
export function ownIdeaImage(storage: Storage, viewerId: string, url: string | null, field = 'imageUrl') {
  return ownUploadedImage(storage, viewerId, url, 'content', () => notUploaded(field));
}

/** A video or pitch deck as stored: null, or one this viewer uploaded of that kind. */
export async function ownIdeaFile(
  storage: Storage,
  viewerId: string,
  url: string | null,
  kind: 'video' | 'pdf',
  field = kind === 'video' ? 'videoUrl' : 'pitchDeckUrl',
) {
  if (url === null) return null;
  const key = storage.keyFromUrl(url);
  const owner = key ? fileOwnerOf(key) : null;
  if (!key || !owner || owner.ownerId !== viewerId || owner.kind !== FILE_KIND[kind])
    throw notUploaded(field);
  if (!(await storage.head(key))) throw notUploaded(field);
  return storage.url(key);
}

/** An update's media: an image or a video of the viewer's, as its type says. */
export function ownMedia(storage: Storage, viewerId: string, url: string | null, type: MediaType | null) {
  if (url === null || type === null) return Promise.resolve(null);
  return type === 'image'
    ? ownIdeaImage(storage, viewerId, url, 'mediaUrl')
    : ownIdeaFile(storage, viewerId, url, 'video', 'mediaUrl');
}

/**
 * After commit: removes files no idea or update of the owner still shows. A file that fails to go is
 * only an orphan, never a broken page.
 */
export async function dropFiles(deps: InvestingDeps, ownerId: string, urls: (string | null)[]) {
  for (const url of new Set(urls.filter((u): u is string => !!u))) {
    try {
      const [used] = await deps.db
        .execute(
          sql`select 1 from business_ideas where user_id = ${ownerId} and ${url} in (image_url, video_url, pitch_deck_url)
            union all select 1 from business_updates where user_id = ${ownerId} and media_url = ${url} limit 1`,
        )
        .then((r) => r.rows);
      if (used) continue;
      if (!(await deleteImageByUrl(deps.storage, url, ownerId))) {
        const key = deps.storage.keyFromUrl(url);
        if (key && fileOwnerOf(key)?.ownerId === ownerId) await deleteFileByKey(deps.storage, key);
      }
    } catch (err) {
      deps.logger.warn({ err, url }, 'could not delete an investing file');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The pitch deck

/**
 * GET /api/investing/ideas/{id}/pitch-deck: the PDF, for a member who may read the idea; each
 * opening by someone other than the founder is counted for the founder.
 */
export async function openPitchDeck(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  opts: { count: boolean },
): Promise<string> {
  const [row] = await deps.db
    .execute<{ pitch_deck_url: string | null; user_id: string }>(
      sql`select i.pitch_deck_url, i.user_id::text as user_id ${IDEA_FROM}
        where i.id = ${id} and ${visibleFounder(viewer.id)}`,
    )
    .then((r) => r.rows);
  const key = row?.pitch_deck_url ? deps.storage.keyFromUrl(row.pitch_deck_url) : null;
  if (!row || !key || !(await deps.storage.head(key))) throw notFound();
  if (row.user_id !== viewer.id && opts.count)
    await deps.db.execute(
      sql`insert into pitch_deck_opens (business_idea_id, user_id) values (${id}, ${viewer.id})
        on conflict (business_idea_id, user_id) do update set
          opens = pitch_deck_opens.opens + 1, last_opened_at = now()`,
    );
  return key;
}

/** GET /api/investing/ideas/{id}/pitch-deck/opens: the founder's list, latest first. */
export async function listPitchDeckOpens(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  q: { cursor?: string; limit: number },
): Promise<PitchDeckOpenPage> {
  const [own] = await deps.db
    .execute(sql`select 1 from business_ideas where id = ${id} and user_id = ${viewer.id}`)
    .then((r) => r.rows);
  if (!own) throw notFound();
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, INVESTING_MSG.invalidCursor) : null;
  const rows = await deps.db
    .execute<
      PersonSummaryRow & {
        opens: number;
        first_opened_at: string;
        last_opened_at: string;
        sort_micros: string;
      }
    >(
      sql`select ${PERSON_SUMMARY_COLUMNS}, o.opens, o.first_opened_at, o.last_opened_at,
          ${microsOf(sql`o.last_opened_at`)} as sort_micros
        from pitch_deck_opens o join profiles p on p.id = o.user_id
        where o.business_idea_id = ${id} and ${visiblePerson('p')} and ${notBlockedWith(viewer.id, sql`o.user_id`)}
          ${cursor ? sql`and (o.last_opened_at, o.user_id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
        order by o.last_opened_at desc, o.user_id desc
        limit ${q.limit + 1}`,
    )
    .then((r) => r.rows);
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      person: toPersonSummary(r),
      opens: Number(r.opens),
      firstOpenedAt: iso(r.first_opened_at),
      lastOpenedAt: iso(r.last_opened_at),
    })),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.author_id }) : null,
  };
}
