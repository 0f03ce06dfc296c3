import type { PersonSummary } from '../profiles/model';

/*
 * Moderation (issue 20 part B): the Reviews tab's queue and
 * the members' reports with the Reports tab. Shared by the server and the web app. No zod here (see
 * moderation-schemas.ts). Texts the spec gives are quoted word for word; the rest is marked (ours).
 */

/**
 * What a member may report: each area declares its own kinds with a label (a post, comment,
 * article, review, message or profile; a forum's posts and replies too) and the server keeps the
 * registry; the reports table's check constraint lists the allowed ones.
 */
export type ReportTargetType = string;

/** A short fixed list; 'other' asks for details (optional for the rest). */
export const REPORT_REASONS = ['spam', 'harassment', 'misinformation', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How an admin closes a report. */
export const REPORT_ACTIONS = ['remove', 'ban', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const MODERATION = {
  detailsMax: 500,
  noteMax: 500,
  reasonMax: 200,
  /** A report keeps a short excerpt of what was reported, for the admin (the thing may go). */
  excerptMax: 280,
  bulkMax: 100,
  pageSize: 20,
  pageMax: 50,
  /** Reports per person per hour (a write that costs an admin's time). */
  reportsPerHour: 20,
} as const;

/** The realtime topic admins follow for the two tabs: `moderation:all`. */
export const MODERATION_TOPIC = 'moderation:all';
export const MODERATION_TOPIC_PREFIX = 'moderation';

export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  misinformation: 'Misinformation',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
};

export const REPORT_ACTION_LABEL: Record<ReportAction, string> = {
  remove: 'Remove content',
  ban: 'Ban author',
  dismiss: 'Dismiss',
};

/**
 * Texts. The spec gives 'Error loading reviews' and 'Error moderating
 * review(s)' and the tab name Reviews; everything else is ours (issue 20 goes beyond the spec).
 */
export const MODERATION_MSG = {
  // The product's texts
  tabReviews: 'Reviews',
  loadReviewsFailed: 'Error loading reviews',
  moderateFailed: 'Error moderating review(s)',
  // Ours: the Reviews tab
  allStatuses: 'All',
  noReviews: 'No reviews to moderate',
  approve: 'Approve',
  reject: 'Reject',
  flag: 'Flag',
  toPending: 'Back to pending',
  toPendingTitle: (n: number) =>
    n === 1 ? 'Put review back to pending' : `Put ${n} reviews back to pending`,
  note: 'Moderation note',
  reason: 'Reason',
  flagReasonHint: 'Flagging needs a reason note',
  selected: (n: number) => `${n} selected`,
  selectAll: 'Select all',
  moderatedBy: (name: string) => `Moderated by ${name}`,
  moderated: (n: number) => (n === 1 ? 'Review updated' : `${n} reviews updated`),
  reviewOf: (page: string) => `Review of ${page}`,
  // Ours: reports
  tabReports: 'Reports',
  report: 'Report',
  reportTitle: (label: string) => `Report this ${label}`,
  reportIntro: 'Tell us what is wrong. An admin will look at it.',
  reportReason: 'Reason',
  reportDetails: 'Details (optional)',
  reportSubmit: 'Send report',
  reportSent: 'Thank you. An admin will look at your report.',
  reportFailed: 'Failed to send the report',
  reportNotFound: 'That content does not exist or you cannot see it.',
  cannotReport: 'This kind of content cannot be reported.',
  alreadyReported: 'You have already reported this.',
  ownContent: 'You cannot report your own content.',
  reportLimited: 'You have sent many reports. Please wait a while before sending more.',
  reportsOpen: 'Open',
  reportsResolved: 'Resolved',
  noReports: 'No reports',
  loadReportsFailed: 'Error loading reports',
  resolveFailed: 'Error resolving the report',
  reportedBy: (name: string) => `Reported by ${name}`,
  contentBy: (name: string) => `By ${name}`,
  contentGone: 'The content is no longer there.',
  viewContent: 'View',
  resolved: 'Report resolved',
  alreadyHandled: 'This was already handled by another admin.',
  reportNotFoundAdmin: 'Report not found',
  reviewNotFound: 'Review not found',
  cannotBanAdmin: 'A super admin cannot be banned.',
  cannotRemove: 'This kind of content cannot be removed here; ban its author or dismiss the report.',
  /** Ours: what confirming will do, said before it is done. */
  confirm: {
    remove: (label: string) => `This will remove the reported ${label} for everyone.`,
    ban: (name: string) =>
      `This will ban ${name}: they will be signed out everywhere and their content hidden until they are unbanned.`,
    dismiss: 'This will close the report without any action.',
  },
  outcome: {
    remove: 'The content was removed.',
    ban: "The content's author was banned.",
    dismiss: 'No rule was broken.',
  } satisfies Record<ReportAction, string>,
} as const;

/** The reporter's notification of the outcome (ours). */
export const REPORT_NOTICE = {
  title: 'Your report was reviewed',
  text: (label: string, action: ReportAction) =>
    `We reviewed the ${label} you reported. ${MODERATION_MSG.outcome[action]}`,
} as const;

export type Report = {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  /** How the report names its kind of thing ('post', 'reply'...), as its area declared it. */
  targetLabel: string;
  reason: ReportReason;
  details: string | null;
  excerpt: string | null;
  link: string | null;
  reporter: PersonSummary | null;
  /** Who wrote the reported thing (the person, for a profile). */
  owner: PersonSummary | null;
  status: ReportStatus;
  action: ReportAction | null;
  note: string | null;
  /** The admin who resolved it; `fullName` only when they set one other than their username (shown first, username after). */
  resolvedBy: { id: string; username: string; fullName?: string } | null;
  resolvedAt: string | null;
  createdAt: string;
  /** Whether "remove" applies to this kind of thing. */
  canRemove: boolean;
};
export type ReportPage = { items: Report[]; nextCursor: string | null };
