/*
 * The digest mail: a summary for members who have been away (docs/decisions/029). Their choice of
 * how often lives in Settings, Notifications; weekly unless they chose otherwise.
 */

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_DEFAULT_FREQUENCY: DigestFrequency = 'weekly';

/** The digest's mailing list, as its unsubscribe token names it. */
export const DIGEST_LIST = 'digest';

/** The most items one section of a digest may show. */
export const DIGEST_SECTION_ITEMS = 5;

export const DIGEST_MSG = {
  settingLabel: 'Digest email',
  settingHelp:
    'When you have been away, get a summary: unread messages and notifications, popular posts in your groups, forums and from people you follow, and your upcoming events.',
  options: { daily: 'Daily', weekly: 'Weekly', off: 'Off' } satisfies Record<DigestFrequency, string>,
  invalidFrequency: 'Choose daily, weekly or off.',
  saved: 'Digest preference saved',
  saveFailed: 'Could not save your digest preference. Please try again.',
  unsubscribeTitle: 'Unsubscribe from the digest',
  unsubscribeQuestion: 'Stop receiving the Cofound digest email? You can turn it back on in Settings.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You will no longer receive the Cofound digest email.',
  invalidLink: 'This unsubscribe link is not valid.',
  unsubscribeFailed: 'Could not unsubscribe. Please try again.',
  toSettings: 'Open Settings',
  adminHeading: 'Digest emails',
  adminLastRun: 'Last run',
  adminNever: 'No digest has been sent yet.',
  adminTotals: 'Last 30 days',
  adminUnfinished: 'Unfinished',
} as const;

export type DigestPreference = { frequency: DigestFrequency };

export type DigestRun = {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  sent: number;
  skipped: number;
  failed: number;
};

export type DigestAdminView = {
  runs: DigestRun[];
  /** Digests of the last 30 days by outcome; `failed` counts those whose outcome is unknown (never sent again), `pending` those claimed or being sent. */
  totals: { sent: number; skipped: number; failed: number; pending: number };
};
