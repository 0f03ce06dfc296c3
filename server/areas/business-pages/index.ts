import { BUSINESS_MSG } from '@common/business-pages/model';
import { defineArea } from '../../platform/area';
import { exportBusinessPages } from './business-pages.export';
import { businessPagesApiDocs } from './business-pages.api';
import { businessPageRoutes } from './business-pages.routes';
import { businessPostReportTarget, reviewReportTarget } from './business-pages.reports';
import {
  businessPageSearch,
  businessPostTarget,
  canWatchPage,
  pageInquiries,
} from './business-pages.register';
import { removePersonBusiness } from './pages.service';
import { countPendingReviews } from './review-moderation.service';
import { demo } from './business-pages.demo';

/** Business pages: follows, posts with likes, shares and comments, reviews, inquiries, search. */
export const businessPagesArea = defineArea({
  name: 'business-pages',
  demo,
  routes: businessPageRoutes,
  api: businessPagesApiDocs,
  exportData: exportBusinessPages,
  register(ctx) {
    // A new page goes on the feed (no filter tab; visitors may open it).
    ctx.registerFeedKind({
      kind: 'business_page',
      category: null,
      label: BUSINESS_MSG.feedBadge,
      signInAction: null,
    });
    // Items of an older kind the app once published (a page's update): still shown with their badge.
    ctx.registerFeedKind({
      kind: 'business_update',
      category: null,
      label: 'Business Update',
      signInAction: null,
    });
    ctx.registerSearchProvider(businessPageSearch);
    ctx.registerContentTarget(businessPostTarget);
    ctx.registerReportTarget(businessPostReportTarget);
    ctx.registerReportTarget(reviewReportTarget);
    // Reviews wait for an admin's moderation (the Reviews tab; the dashboard counts them).
    ctx.registerModerationQueue({ name: 'reviews', countPending: countPendingReviews });
    ctx.registerInquiryKind(pageInquiries);
    ctx.registerTopic('business-page', (userId, id) => canWatchPage(ctx.db, userId, id));
  },
  async onAccountDeleted(tx, userId, { bus }) {
    return { files: await removePersonBusiness(tx, bus, userId) };
  },
});
