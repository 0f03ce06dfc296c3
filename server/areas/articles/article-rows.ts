import {
  ARTICLE_MSG,
  ARTICLES,
  clipText,
  type ArticleCategory,
  type ArticleStatus,
  type ArticleSummary,
} from '@common/articles/model';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { isSuperAdminSql, notBlockedWith, visiblePerson } from '../../db/rules';

/*
 * What the articles services share (issue 6): their dependencies, the one 404,
 * and the rules every read puts in its SQL. Drafts belong to their author alone: every read puts
 * "published, or mine" in its SQL, and anything else answers exactly like a missing article, so a
 * draft's existence never leaks. Articles of deleted or banned authors, and of people blocked
 * either way, are hidden everywhere (lists, the page, search, reactions and comments). Also the
 * summary columns and how a row becomes an article card.
 */

export type ArticleDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const notFound = () => new AppError('NOT_FOUND', ARTICLE_MSG.notFound);

/** The author is a live account (not deleted, not banned) the viewer has not blocked, nor been blocked by. */
export function visibleAuthor(viewerId: string | null): SQL {
  const live = visiblePerson('p');
  return viewerId ? sql`${live} and ${notBlockedWith(viewerId, sql`a.author_id`)}` : live;
}

/** The viewer is a super admin (who may delete any article), read in the same statement. */
export const viewerIsAdmin = isSuperAdminSql;

export const SUMMARY_COLUMNS = sql`a.id::text as id, a.title, a.preview, a.category, a.image_url, a.status,
  a.published_at, a.created_at, a.updated_at,
  ${PERSON_SUMMARY_COLUMNS}`;

export type SummaryRow = PersonSummaryRow & {
  id: string;
  title: string;
  preview: string;
  category: ArticleCategory;
  image_url: string | null;
  status: ArticleStatus;
  published_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (d: string | Date) => new Date(d).toISOString();

export function toSummary(r: SummaryRow): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    // Stored at the card's length; a draft's preview is shorter.
    preview: r.status === 'draft' ? clipText(r.preview, ARTICLES.draftPreviewLength, '…') : r.preview,
    category: r.category,
    imageUrl: r.image_url,
    status: r.status,
    publishedAt: r.published_at ? iso(r.published_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    // Publishing sets both times at once; only a later edit moves the updated time past it.
    editedAt:
      r.status === 'published' && r.published_at && iso(r.updated_at) > iso(r.published_at)
        ? iso(r.updated_at)
        : null,
    author: toPersonSummary(r),
  };
}
