import { randomUUID } from 'node:crypto';
import { IMAGE_PRESETS, UPLOAD_MSG } from '@common/core/uploads';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/rules';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Storage } from './storage';

/*
 * The ledger of uploads (table `uploads`, issue 13). An upload is stored before anything uses it
 * (an article's image is uploaded while the article is being written), so a file nobody ever
 * attaches would otherwise stay forever. Every stored upload is recorded with the folder holding its
 * copies; the area that starts using it marks it attached in the same transaction that stores its
 * address; uploads left unattached for two hours are swept. A deleted account takes every file under
 * its owner folders with it, attached or not, recorded or older than the ledger.
 *
 * Unattached uploads count against their owner (issue 26): with UNATTACHED_QUOTA of them (in files
 * or in stored bytes), a new upload is refused before its body is read (assertUploadRoom), so one
 * account cannot fill the disk with files nothing shows.
 */

/** How long an upload may wait for its article (or other content) before it is swept. */
export const UNATTACHED_UPLOAD_TTL_MS = 2 * 60 * 60 * 1000;

/**
 * What one person may have stored and not yet used: room for a few ideas' videos and decks and many
 * pictures, far from what filling a disk takes. Uploads in flight (at most two a person, per
 * process) may pass it by their own size.
 */
export const UNATTACHED_QUOTA = { files: 20, bytes: 250 * 1024 * 1024 } as const;

/** How often maintenance sweeps (platform/maintenance.ts): part of when room is made again. */
const SWEEP_EVERY_SEC = 15 * 60;

/**
 * Throws 429 (with Retry-After: when the oldest one will have been swept) when `ownerId` has their
 * quota of unattached uploads.
 */
export async function assertUploadRoom(db: Db, ownerId: string): Promise<void> {
  const [row] = await db
    .execute<{ files: number; bytes: string; oldest_age: number | null }>(
      sql`select count(*)::int as files, coalesce(sum(bytes), 0)::text as bytes,
          extract(epoch from now() - min(created_at))::float8 as oldest_age
        from uploads where owner_id = ${ownerId} and attached_at is null`,
    )
    .then((r) => r.rows);
  if (!row || (row.files < UNATTACHED_QUOTA.files && Number(row.bytes) < UNATTACHED_QUOTA.bytes)) return;
  const left = UNATTACHED_UPLOAD_TTL_MS / 1000 - (row.oldest_age ?? 0);
  throw new AppError('RATE_LIMITED', UPLOAD_MSG.unattachedQuota, undefined, {
    retryAfter: Math.max(60, Math.ceil(left) + SWEEP_EVERY_SEC),
  });
}

/** The folder holding an upload's copies: the main copy's key without its file name. */
function folderOf(storage: Storage, url: string): string | null {
  const key = storage.keyFromUrl(url);
  const at = key?.lastIndexOf('/') ?? -1;
  return key && at > 0 ? key.slice(0, at + 1) : null;
}

/**
 * Records a stored upload of `ownerId` by the address of its main copy, with the bytes it takes in
 * storage. `attached`: it is used at once (a profile picture), so it is never swept.
 */
export async function recordUpload(
  db: Tx,
  storage: Storage,
  ownerId: string,
  url: string,
  opts: { attached: boolean; bytes?: number },
): Promise<void> {
  const prefix = folderOf(storage, url);
  if (!prefix) throw new Error(`not one of our uploads: ${url}`);
  await db.execute(sql`
    insert into uploads (id, owner_id, prefix, attached_at, bytes)
    values (${randomUUID()}, ${ownerId}, ${prefix}, ${opts.attached ? sql`now()` : null}, ${opts.bytes ?? 0})
    on conflict (prefix) do nothing`);
}

/**
 * Marks the upload behind `url` used, in the transaction that stores the address, so a sweep can
 * never remove a file that content shows. Addresses that are not ours (or not recorded) are ignored.
 */
export async function attachUpload(db: Tx, storage: Storage, url: string | null): Promise<void> {
  const prefix = url ? folderOf(storage, url) : null;
  if (!prefix) return;
  await db.execute(
    sql`update uploads set attached_at = now() where prefix = ${prefix} and attached_at is null`,
  );
}

/**
 * Deletes uploads nobody attached within the time limit: their rows first (skipping rows another
 * instance is sweeping), then their files. A file that fails to go is logged and left as an orphan.
 */
export async function sweepUnattachedUploads(
  deps: { db: Db; storage: Storage; logger: Logger },
  opts: { olderThanMs?: number; batch?: number } = {},
): Promise<number> {
  const ageSec = Math.round((opts.olderThanMs ?? UNATTACHED_UPLOAD_TTL_MS) / 1000);
  const { rows } = await deps.db.execute<{ prefix: string }>(sql`
    delete from uploads where id in (
      select id from uploads
      where attached_at is null and created_at < now() - make_interval(secs => ${ageSec})
      order by created_at
      limit ${opts.batch ?? 200}
      for update skip locked)
    returning prefix`);
  for (const { prefix } of rows) {
    await deps.storage.deletePrefix(prefix).catch((err: unknown) => {
      deps.logger.warn({ err, prefix }, 'could not delete an unattached upload');
    });
  }
  return rows.length;
}

/**
 * In the account-deletion transaction: forgets the person's uploads and returns their folders, whose
 * files go after commit (deleteFilesOf).
 */
export async function forgetUploadsOf(tx: Tx, ownerId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ prefix: string }>(
    sql`delete from uploads where owner_id = ${ownerId} returning prefix`,
  );
  return rows.map((r) => r.prefix);
}

/**
 * After an account is deleted: every file in the folders the ledger knew, and everything under the
 * person's image folders, attached or not, including uploads older than the ledger.
 */
export async function deleteFilesOf(storage: Storage, ownerId: string, prefixes: string[]): Promise<void> {
  const owned = Object.keys(IMAGE_PRESETS).map((preset) => `images/${preset}/${ownerId}/`);
  for (const prefix of new Set([...owned, ...prefixes])) await storage.deletePrefix(prefix);
}
