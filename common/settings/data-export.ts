import { z } from 'zod';

/** Download your data (Settings > Privacy): the member's one export and its progress. */
export const DATA_EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const ZDataExportId = z.object({ id: z.uuid({ error: 'No such download.' }) });

export const ZDataExport = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Percent done. */
  progress: z.number().int().min(0).max(100),
  bytes: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Set once ready: the ZIP, for this member only, until expiresAt. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof ZDataExport>;

export const ZDataExportState = z.object({ export: ZDataExport.nullable() });
export type DataExportState = z.infer<typeof ZDataExportState>;

export const DATA_EXPORT_MSG = {
  title: 'Download your data',
  intro:
    'Get a copy of what you have shared on Cofound: your profile, connections, messages, posts, articles, comments, reactions, groups, forum posts, ideas, events, pages, reviews and the files you uploaded, as a ZIP.',
  request: 'Request your data',
  requestAgain: 'Request a new copy',
  preparing: 'Preparing your data…',
  ready: 'Your data is ready.',
  download: 'Download ZIP',
  failed: 'We could not prepare your data. Please try again.',
  expired: 'Your last download has expired.',
  mailNote: 'We will email you when it is ready. The download works for 7 days, and only for you.',
  loadError: 'Could not load your data export.',
} as const;
