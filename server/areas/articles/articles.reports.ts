import { ARTICLE_REPORT_TARGET } from '@common/articles/model';
import { sql } from 'drizzle-orm';
import type { ReportTarget } from '../../platform/report-targets';
import { articleContentTarget } from './articles.register';
import { deleteArticle } from './articles.service';

/** A published article its reader may see; an admin removes it through the one delete path. */
export const articleReportTarget: ReportTarget = {
  ...ARTICLE_REPORT_TARGET,
  async find(db, viewerId, id) {
    const info = await articleContentTarget.resolve(db, viewerId, id);
    if (!info) return null;
    const { rows } = await db.execute<{ text: string | null }>(
      sql`select title as text from articles where id = ${id}`,
    );
    return { ownerId: info.ownerId, link: info.link, text: rows[0]?.text ?? null };
  },
  remove: (deps, admin, id) => deleteArticle(deps, admin, id),
};
