import type { ReportStatus } from '@common/admin/moderation';
import type { ReviewStatus } from '@common/business-pages/model';

/** Query keys of the moderation tabs: a live change refetches everything under `reviews` or `reports`. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  reviews: () => [...moderationKeys.all, 'reviews'] as const,
  reviewList: (status: ReviewStatus | 'all') => [...moderationKeys.reviews(), 'list', status] as const,
  reviewStats: () => [...moderationKeys.reviews(), 'stats'] as const,
  reports: () => [...moderationKeys.all, 'reports'] as const,
  reportList: (status: ReportStatus) => [...moderationKeys.reports(), 'list', status] as const,
};
