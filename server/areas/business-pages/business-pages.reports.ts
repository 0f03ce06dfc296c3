import { BUSINESS_POST_REPORT_TARGET, REVIEW_REPORT_TARGET } from '@common/business-pages/model';
import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { ReportTarget } from '../../platform/report-targets';
import { businessPostTarget } from './business-pages.register';
import { visiblePage } from './business-rows';
import { deletePost } from './posts.service';
import { deleteReview } from './reviews.service';

/** A page post the reporter may see (the content target's rules); removed by its delete path. */
export const businessPostReportTarget: ReportTarget = {
  ...BUSINESS_POST_REPORT_TARGET,
  async find(db, viewerId, id) {
    const info = await businessPostTarget.resolve(db, viewerId, id);
    if (!info) return null;
    const { rows } = await db.execute<{ text: string | null }>(
      sql`select content as text from business_posts where id = ${id}`,
    );
    return { ownerId: info.ownerId, link: info.link, text: rows[0]?.text ?? null };
  },
  remove: (deps, admin, id) => deletePost(deps, admin, id),
};

/** Only approved reviews show to others; one's own cannot be reported (the admin area refuses it). */
export const reviewReportTarget: ReportTarget = {
  ...REVIEW_REPORT_TARGET,
  async find(db, viewerId, id) {
    const { rows } = await db.execute<{ page_id: string; user_id: string; title: string; content: string }>(
      sql`select r.business_page_id::text as page_id, r.user_id::text as user_id, r.title, r.content
        from business_reviews r join profiles p on p.id = r.user_id
        where r.id = ${id} and r.moderation_status = 'approved' and ${visiblePerson('p')}
          and (${notBlockedWith(viewerId, sql`r.user_id`)}
            -- The page's owner reports reviews of their page whoever blocked whom (issue 26).
            or exists (select 1 from business_pages ob where ob.id = r.business_page_id and ob.owner_id = ${viewerId}))`,
    );
    const r = rows[0];
    if (!r || !(await visiblePage(db, viewerId, r.page_id))) return null;
    return { ownerId: r.user_id, link: `/business-pages/${r.page_id}`, text: `${r.title}: ${r.content}` };
  },
  remove: (deps, admin, id) => deleteReview(deps, admin, id),
};
