import type { Db } from '../db/client';

/*
 * The parts of the digest mail (docs/decisions/029). Each area that has something to tell a member
 * who has been away registers a section from its register(ctx): unread counts, the most engaging
 * posts of the member's groups and forums, upcoming events. The digest job asks every section and
 * knows no area. A section answers only what the member may see now (blocks, hidden accounts,
 * private groups they are no longer in), in at most `limit` items.
 */

export type DigestItem = {
  /** One line: a post's title or opening words. */
  title: string;
  /** A short second line: where and how engaging ("in Fintech Founders · 12 reactions"). */
  detail?: string;
  /** An app path ('/groups/…'); the job makes it absolute. */
  link: string;
};

export type DigestSectionQuery = {
  userId: string;
  /** The start of the period the digest covers (the member has not visited since). */
  since: Date;
  /** When the digest is made. */
  now: Date;
  /** The most items the section may answer. */
  limit: number;
};

export type DigestSectionResult =
  { kind: 'count'; count: number; link: string } | { kind: 'items'; items: DigestItem[] };

export type DigestSection = {
  /** Unique across areas, e.g. 'groups.popular'. */
  id: string;
  /** Place in the mail, smallest first (10 counts, 20 posts, 40 events). */
  order: number;
  /** The heading ('Popular in your groups'); a count's line reads "<heading>: <n>". */
  title: string;
  /**
   * Whether it counts as news: a mail goes out only when some news section has something. A
   * reminder (upcoming events) is shown with news but never mailed alone.
   */
  news: boolean;
  collect(db: Db, query: DigestSectionQuery): Promise<DigestSectionResult>;
};

const sections = new Map<string, DigestSection>();

export function registerDigestSection(section: DigestSection): void {
  sections.set(section.id, section);
}

/** Every registered section, in mail order. */
export function digestSections(): DigestSection[] {
  return [...sections.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
