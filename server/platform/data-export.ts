import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../db/client';
import { dataExports, users } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from './email';
import { mailLayout } from './mail-layout';
import type { Storage } from './storage';
import { isValidKey } from './storage';
import { createWorkQueue } from './work-queue';

/*
 * Download your data. A member asks for an export; a row in data_exports records it, and a build in
 * the background (one at a time in each process) asks every area for its part of the member's data
 * (`exportData` in the area module), writes each part as JSON into a ZIP in <dataDir>/exports, adds
 * the stored files that data names and that the member uploaded, and mails them when it is ready.
 *
 * Crash-safe by restarting: a build renews its claim as it goes; one whose claim is older than
 * STALE_MS died with its process and is built again from the start by whichever process looks next
 * (every ROUND_MS, and at boot). The ZIP is written aside and renamed, so a half-built file is never
 * served. Disk stays bounded: one export per member (a new one replaces the old), downloadable for
 * seven days, then swept; files in the folder that no row names (a crash's leftovers) are swept too.
 */

/** What an area hands over: each key becomes `<area>/<key>.json` in the ZIP. */
export type ExportPart = Record<string, unknown>;
export type AreaExporter = (db: Db, userId: string) => Promise<ExportPart>;

export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const STALE_MS = 2 * 60 * 1000;
const ROUND_MS = 60 * 1000;
/** At most this many stored files in one export (every upload quota allows far fewer). */
const MAX_FILES = 2000;

export type ExportStatus = 'queued' | 'building' | 'ready' | 'failed' | 'expired';

export type ExportView = {
  id: string;
  status: ExportStatus;
  progress: number;
  bytes: number | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  downloadUrl: string | null;
};

export type DataExports = ReturnType<typeof createDataExports>;

const README = (name: string, at: Date, parts: string[]) => `Your Cofound data
=================

Exported for ${name} on ${at.toISOString()}.

Each folder is one part of Cofound and holds JSON files (UTF-8, one array or object each):
${parts.map((p) => `- ${p}/`).join('\n')}

files/ holds the original files you uploaded that your data refers to (pictures, pitch decks,
videos), under the same path as in their address. Dates are ISO 8601 in UTC. Identifiers of other
people are their account ids; their own data is not part of your export.
`;

/** Every string in a value, depth first (the stored files an area's data refers to). */
function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsIn(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* stringsIn(v);
}

/**
 * The stored files of `userId` that `data` names: our keys (images/<preset>/<owner>/…,
 * files|private/<kind>/<owner>/…) whose owner segment is theirs. A file someone else uploaded is
 * theirs to export, not this member's.
 */
export function ownFileKeys(storage: Storage, data: unknown, userId: string): string[] {
  const keys = new Set<string>();
  for (const s of stringsIn(data)) {
    const key = storage.keyFromUrl(s) ?? (/^(images|files|private)\//.test(s) ? s : null);
    if (!key || !isValidKey(key)) continue;
    const parts = key.split('/');
    if (['images', 'files', 'private'].includes(parts[0]!) && parts[2] === userId) keys.add(key);
  }
  return [...keys].slice(0, MAX_FILES);
}

export function createDataExports(deps: {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  dataDir: string;
  baseUrl: string;
  parts: readonly { area: string; exportData: AreaExporter }[];
  /** Resume and sweep on a timer (off in tests: they call runPending and sweep). */
  timers?: boolean;
}) {
  const { db, logger } = deps;
  const folder = path.join(deps.dataDir, 'exports');
  const fileOf = (id: string) => path.join(folder, `${id}.zip`);
  // One build at a time in this process: a ZIP is disk- and database-heavy, and nobody waits on it.
  const queue = createWorkQueue({ active: 1, waiting: 1000, busy: () => new Error('export queue full') });
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  const view = (row: typeof dataExports.$inferSelect): ExportView => ({
    id: row.id,
    status: row.status as ExportStatus,
    progress: row.progress,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === 'ready' ? `/api/settings/data-export/${row.id}/download` : null,
  });

  /** Takes the build unless another process holds a fresh claim; null when not ours to build. */
  async function claim(id: string) {
    const [row] = await db
      .update(dataExports)
      .set({ status: 'building', claimedAt: new Date(), progress: 0 })
      .where(
        and(
          eq(dataExports.id, id),
          or(
            eq(dataExports.status, 'queued'),
            and(
              eq(dataExports.status, 'building'),
              lt(dataExports.claimedAt, new Date(Date.now() - STALE_MS)),
            ),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Progress and a renewed claim, as long as the row is still this build's. */
  async function report(id: string, progress: number) {
    const [row] = await db
      .update(dataExports)
      .set({ progress: Math.min(99, Math.round(progress)), claimedAt: new Date() })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
      .returning({ id: dataExports.id });
    // The member deleted their account or asked again: stop.
    if (!row) throw new Error('export cancelled');
  }

  async function build(id: string) {
    const row = await claim(id);
    if (!row) return;
    const userId = row.userId;
    const partial = `${fileOf(id)}.partial`;
    try {
      await mkdir(folder, { recursive: true });
      const [person] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!person) throw new Error('no such member');
      const zip = new yazl.ZipFile();
      const written = pipeline(zip.outputStream, createWriteStream(partial));
      const mtime = new Date();
      const fileKeys = new Set<string>();
      const steps = deps.parts.length + 1;
      let done = 0;
      for (const part of deps.parts) {
        const data = await part.exportData(db, userId);
        for (const [name, value] of Object.entries(data))
          zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), `${part.area}/${name}.json`, { mtime });
        for (const key of ownFileKeys(deps.storage, data, userId)) fileKeys.add(key);
        await report(id, (++done / steps) * 50);
      }
      const keys = [...fileKeys].slice(0, MAX_FILES);
      let added = 0;
      for (const key of keys) {
        const stored = await deps.storage.get(key);
        if (stored) {
          // Read whole (uploads are bounded: images a few MB, videos and decks within the upload limit).
          const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
          zip.addBuffer(bytes, `files/${key}`, { mtime, compress: !/\.(webp|mp4|webm)$/.test(key) });
        }
        if (++added % 10 === 0) await report(id, 50 + (added / keys.length) * 45);
      }
      zip.addBuffer(
        Buffer.from(README(person.name, mtime, [...deps.parts.map((p) => p.area)])),
        'README.txt',
        { mtime },
      );
      zip.end();
      await written;
      await rename(partial, fileOf(id));
      const { size } = await stat(fileOf(id));
      const [ready] = await db
        .update(dataExports)
        .set({
          status: 'ready',
          progress: 100,
          bytes: size,
          readyAt: new Date(),
          expiresAt: new Date(Date.now() + EXPORT_TTL_MS),
        })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
        .returning();
      if (!ready) {
        await rm(fileOf(id), { force: true });
        return;
      }
      logger.info({ exportId: id, bytes: size, files: keys.length }, 'data export ready');
      const link = `${deps.baseUrl}/settings?tab=privacy`;
      const paragraphs = [
        `Hi ${person.name}, the copy of your Cofound data you asked for is ready.`,
        'Download it from Settings > Privacy while signed in. The download works for 7 days, and only for you.',
      ];
      await deps.mailer
        .send({
          to: person.email,
          subject: 'Your Cofound data is ready to download',
          text: `${paragraphs.join('\n\n')}\n\nDownload your data: ${link}\n`,
          html: mailLayout('Your data is ready', paragraphs, { label: 'Download your data', url: link }),
        })
        .catch((err: unknown) => logger.warn({ err, exportId: id }, 'data export mail failed'));
    } catch (err) {
      await rm(partial, { force: true });
      if (err instanceof Error && err.message === 'export cancelled') return;
      logger.error({ err, exportId: id }, 'data export failed');
      await db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')));
    }
  }

  const enqueue = (id: string) => {
    if (closed) return;
    track(queue.run(() => build(id)).catch((err: unknown) => logger.warn({ err }, 'data export not run')));
  };

  /** Builds every export waiting for one, or left behind by a process that stopped. */
  async function runPending() {
    const rows = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, 'queued'),
          and(eq(dataExports.status, 'building'), lt(dataExports.claimedAt, new Date(Date.now() - STALE_MS))),
        ),
      );
    for (const r of rows) enqueue(r.id);
    await Promise.all([...running]);
    return rows.length;
  }

  /** Expired exports lose their file; files no current export names are removed. */
  async function sweep() {
    const expired = await db
      .update(dataExports)
      .set({ status: 'expired' })
      .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, new Date())))
      .returning({ id: dataExports.id });
    for (const r of expired) await rm(fileOf(r.id), { force: true });
    const names = await readdir(folder).catch(() => null);
    if (!names) return expired.length;
    const ids = names
      .map((n) => n.replace(/\.zip(\.partial)?$/, ''))
      .filter((n) => /^[0-9a-f-]{36}$/.test(n));
    const live = new Set(
      ids.length
        ? (
            await db
              .select({ id: dataExports.id })
              .from(dataExports)
              .where(
                and(
                  inArray(dataExports.id, ids),
                  inArray(dataExports.status, ['ready', 'building', 'queued']),
                ),
              )
          ).map((r) => r.id)
        : [],
    );
    for (const name of names) {
      const id = name.replace(/\.zip(\.partial)?$/, '');
      // A .partial of a build still claimed is being written right now.
      if (!live.has(id)) await rm(path.join(folder, name), { force: true });
    }
    return expired.length;
  }

  const tick = async () => {
    try {
      await sweep();
      await runPending();
    } catch (err) {
      logger.warn({ err }, 'data export round failed');
    }
  };
  const timer = deps.timers === false ? null : setInterval(() => void tick(), ROUND_MS);
  timer?.unref();
  const first = deps.timers === false ? null : setTimeout(() => void tick(), 5_000);
  first?.unref();

  return {
    /**
     * Starts the member's export. Refused while one is being built; a finished, failed or expired
     * one is replaced (its file deleted).
     */
    async request(userId: string): Promise<ExportView> {
      const id = randomUUID();
      const row = await db.transaction(async (tx) => {
        const [old] = await tx.select().from(dataExports).where(eq(dataExports.userId, userId)).for('update');
        if (old && (old.status === 'queued' || old.status === 'building'))
          throw new AppError('CONFLICT', 'Your data export is already being prepared.');
        if (old) await tx.delete(dataExports).where(eq(dataExports.id, old.id));
        // Two first requests at once: the unique index lets one in, the other hears it is under way.
        const [created] = await tx
          .insert(dataExports)
          .values({ id, userId })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('CONFLICT', 'Your data export is already being prepared.');
        return { created, oldId: old?.id };
      });
      if (row.oldId) await rm(fileOf(row.oldId), { force: true });
      enqueue(id);
      return view(row.created);
    },

    /** The member's export, if any. */
    async current(userId: string): Promise<ExportView | null> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId));
      return row ? view(row) : null;
    },

    /**
     * The ZIP of export `id`, for its member only: another member's, a missing one and one not
     * ready all answer 404 (nothing tells them apart); an expired one says so.
     */
    async open(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
      if (row?.status === 'expired' || (row?.status === 'ready' && row.expiresAt! <= new Date()))
        throw new AppError('NOT_FOUND', 'This download has expired. Ask for a new copy of your data.');
      if (!row || row.status !== 'ready') throw new AppError('NOT_FOUND', 'No such download.');
      const file = fileOf(id);
      const { size } = await stat(file).catch(() => {
        throw new AppError('NOT_FOUND', 'No such download.');
      });
      return {
        size,
        name: `cofound-data-${row.readyAt!.toISOString().slice(0, 10)}.zip`,
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      };
    },

    runPending,
    sweep,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await Promise.all([...running]);
    },
  };
}

/** Rows of a query as plain JSON-ready objects (areas' exporters). */
export async function exportRows(db: Db, query: SQL) {
  return (await db.execute<Record<string, unknown>>(query)).rows;
}
