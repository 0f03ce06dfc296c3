import { REVIEW_STATUS_LABEL, type ReviewStatus } from '@common/business-pages/model';
import { cn } from '@web/lib/cn';

const TONE: Record<ReviewStatus, string> = {
  pending: 'border-amber-600/40 text-amber-800 dark:text-amber-300',
  approved: 'border-emerald-600/40 text-emerald-800 dark:text-emerald-300',
  rejected: 'border-red-600/40 text-red-800 dark:text-red-300',
  flagged: 'border-orange-600/40 text-orange-800 dark:text-orange-300',
};

/** A review's moderation status, in words and a tone (never colour alone). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        TONE[status],
      )}
    >
      {REVIEW_STATUS_LABEL[status]}
    </span>
  );
}
