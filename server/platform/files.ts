import { randomUUID } from 'node:crypto';
import type { Storage } from './storage';
import type { UploadFile } from './uploads';

/*
 * Uploaded files that are not images (a video, a PDF): checked by their content, never their name
 * or the browser's type, and stored as they are (no re-encoding) under
 * `<files|private>/<kind>/<owner id>/<uuid>/file.<ext>`: a new key every time, the owner in the
 * address. Files under `private/` are never served by GET /files (files.routes.ts); the area that
 * stored one streams it itself, after its own permission check (storage.get, sendStoredFile).
 */

export type FileFormat = 'mp4' | 'webm' | 'pdf';

const CONTENT_TYPES: Record<FileFormat, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * The format the first bytes announce, or null: MP4 (an ISO BMFF `ftyp` box with an MP4-family
 * brand; image brands such as AVIF and HEIC are not videos), WebM (an EBML header naming the webm
 * doc type) and PDF (`%PDF-`).
 */
export function sniffFileFormat(bytes: Uint8Array): FileFormat | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (/^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |M4VP|f4v |mmp4|MSNV)$/.test(brand)) return 'mp4';
    return null;
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    if (head.includes('webm')) return 'webm';
  }
  return null;
}

export const isVideoFormat = (f: FileFormat | null): f is 'mp4' | 'webm' => f === 'mp4' || f === 'webm';

/** Is this stored key private (never served by GET /files)? */
export const isPrivateKey = (key: string) => key.startsWith('private/');

export type SavedFile = { key: string; url: string; contentType: string; bytes: number };

/**
 * Stores a checked upload (its temporary file, platform/uploads.ts) as `ownerId`'s, moved or
 * streamed into storage, never read whole; `private` files are only reachable through their area.
 */
export async function saveFile(
  storage: Storage,
  file: UploadFile,
  opts: { format: FileFormat; kind: string; ownerId: string; private?: boolean },
): Promise<SavedFile> {
  const top = opts.private ? 'private' : 'files';
  const key = `${top}/${opts.kind}/${opts.ownerId}/${randomUUID()}/file.${opts.format}`;
  const contentType = CONTENT_TYPES[opts.format];
  await storage.putFile(key, file.path, contentType, { size: file.size, sha256: file.sha256 });
  return { key, url: storage.url(key), contentType, bytes: file.size };
}

/** The owner's folder of a file we stored (for the ledger and deletion), or null for any other key. */
export function fileOwnerOf(key: string): { kind: string; ownerId: string } | null {
  const match = /^(?:files|private)\/([a-z-]+)\/([0-9a-f-]{36})\/[0-9a-f-]{36}\/file\.(?:mp4|webm|pdf)$/.exec(
    key,
  );
  return match ? { kind: match[1]!, ownerId: match[2]! } : null;
}

/** Removes a stored file (its folder). Keys that are not files we stored are left alone. */
export async function deleteFileByKey(storage: Storage, key: string | null): Promise<void> {
  if (!key || !fileOwnerOf(key)) return;
  await storage.deletePrefix(key.slice(0, key.lastIndexOf('/') + 1));
}
