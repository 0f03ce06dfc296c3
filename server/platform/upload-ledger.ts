import { randomUUID } from 'node:crypto';
import { IMAGE_PRESETS } from '@common/core/uploads';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/rules';
import type { Logger } from '../lib/logger';
import type { Storage } from './storage';

/*
 * The ledger of uploads (table `uploads`, issue 13). An upload is stored before anything uses it
 * (an article's image is uploaded while the article is being written), so a file nobody ever
 * attaches would otherwise stay forever. Every stored upload is recorded with the folder holding its
 * copies; the area that starts using it marks it attached in the same transaction that stores its
 * address; uploads left unattached for a day are swept. A deleted account takes every file under its
 * owner folders with it, attached or not, recorded or older than the ledger.
 */

/** How long an upload may wait for its article (or other content) before it is swept. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The folder holding an upload's copies: the main copy's key without its file name. */
function folderOf(storage: Storage, url: string): string | null {
  const key = storage.keyFromUrl(url);
  const at = key?.lastIndexOf('/') ?? -1;
  return key && at > 0 ? key.slice(0, at + 1) : null;
}

/**
 * Records a stored upload of `ownerId` by the address of its main copy. `attached`: it is used at
 * once (a profile picture), so it is never swept.
 */
export async function recordUpload(
  db: Tx,
  storage: Storage,
  ownerId: string,
  url: string,
  opts: { attached: boolean },
): Promise<void> {
  const prefix = folderOf(storage, url);
  if (!prefix) throw new Error(`not one of our uploads: ${url}`);
  await db.execute(sql`
    insert into uploads (id, owner_id, prefix, attached_at)
    values (${randomUUID()}, ${ownerId}, ${prefix}, ${opts.attached ? sql`now()` : null})
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
