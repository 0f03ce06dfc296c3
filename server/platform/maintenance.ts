import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { sweepUsageCounters } from './rate-limit';
import type { Storage } from './storage';
import { sweepUnattachedUploads } from './upload-ledger';
import { sweepUploadPlaces } from './upload-places';
import { sweepTempUploads } from './uploads';

/*
 * Housekeeping every process runs on a timer: old limit windows, uploads nobody attached,
 * temporary upload files and upload places a stopped process left. Each
 * step is safe when several instances run it at once (idempotent deletes, skip-locked rows), and a
 * failure is logged and retried next round.
 */

const EVERY_MS = 15 * 60 * 1000;

export function startMaintenance(deps: { db: Db; storage: Storage; logger: Logger }) {
  let running: Promise<void> | null = null;
  const round = async () => {
    try {
      const counters = await sweepUsageCounters(deps.db);
      let uploads = 0;
      for (let n = -1; n !== 0; uploads += n) n = await sweepUnattachedUploads(deps);
      const tempFiles = await sweepTempUploads(deps.storage);
      await sweepUploadPlaces(deps.db);
      if (counters || uploads || tempFiles)
        deps.logger.info({ counters, uploads, tempFiles }, 'maintenance: swept');
    } catch (err) {
      deps.logger.warn({ err }, 'maintenance round failed');
    }
  };
  const run = () => (running ??= round().finally(() => (running = null)));
  // The first round a minute after start, so a restart loop does not sweep on every boot.
  const first = setTimeout(() => void run(), 60_000);
  const timer = setInterval(() => void run(), EVERY_MS);
  first.unref();
  timer.unref();
  return {
    /** One round now (tests). */
    run,
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
