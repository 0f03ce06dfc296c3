import { z } from 'zod';
import { DIGEST_FREQUENCIES, DIGEST_MSG } from './model';

export const ZDigestPreference = z.object({
  frequency: z.enum(DIGEST_FREQUENCIES, { error: DIGEST_MSG.invalidFrequency }),
});

/** The unsubscribe link's token: its member's id and a signature (server/platform/signed-links.ts). */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

export const ZDigestRun = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  sent: z.number(),
  skipped: z.number(),
  failed: z.number(),
});

export const ZDigestAdminView = z.object({
  runs: z.array(ZDigestRun),
  totals: z.object({ sent: z.number(), skipped: z.number(), failed: z.number(), pending: z.number() }),
});
