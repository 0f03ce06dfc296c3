import type { PersonSummary } from '@common/profiles/model';
import { sql, type SQL } from 'drizzle-orm';
import { publicBio } from '../../db/rules';

/**
 * The author of something in a list (feed items, articles, comments), read in the same statement:
 * these columns of the profiles row joined as `p`, turned into a PersonSummary by toPersonSummary.
 */
export const PERSON_SUMMARY_COLUMNS: SQL = sql.join([
  sql.raw('p.id::text as author_id, p.username, p.full_name, p.avatar_url, p.title as author_title,'),
  sql`${publicBio(sql.raw('p.id'), sql.raw('p.bio'))} as bio`,
]);

export type PersonSummaryRow = {
  author_id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  author_title: string | null;
  bio: string | null;
};

export function toPersonSummary(r: PersonSummaryRow): PersonSummary {
  return {
    id: r.author_id,
    username: r.username,
    fullName: r.full_name,
    avatarUrl: r.avatar_url,
    title: r.author_title,
    bio: r.bio,
  };
}
