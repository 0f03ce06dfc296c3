import type { EngagementContentType, ReactionType } from '@common/reactions/model';
import type { Db } from '../db/client';
import { type Tx } from '../db/rules';

/**
 * Kinds of content that take reactions and comments (docs/decisions/011). Each content area registers its
 * kind once at boot; the reactions and comments modules ask it who owns a piece of content and
 * whether the viewer may see it, so they never reach into another area's tables.
 */

/** What the engagement modules need to know about one piece of content the viewer may see. */
export type ContentInfo = {
  /** Who is notified of reactions and comments (never of their own). */
  ownerId: string;
  /** The app path that shows it (notification links). */
  link: string;
  /**
   * Why the viewer, who may see it, may not react to or comment on it (a public group's post seen
   * by a non-member): a 403 with this text. Absent: whoever sees it may take part.
   */
  refuseEngagement?: string;
  /** Its title, when it has one: notifications name it (issue 21). */
  title?: string | null;
  /**
   * The viewer moderates the place it lives in (a group's admin): they may remove anyone's
   * comments on it, each removal audited.
   */
  viewerModerates?: boolean;
};

export type ContentTarget = {
  contentType: EngagementContentType;
  /** How notifications name it: '{name} reacted to your {label}'. */
  label: string;
  /** The reaction set, in display order. */
  reactionTypes: readonly ReactionType[];
  /** The deepest a reply may go: 0 for no replies, 1 for replies to top-level comments... */
  maxCommentDepth: number;
  /**
   * The content if it exists and `viewerId` may see it (null viewer: a visitor), else null. Put the
   * visibility rules (drafts, private groups, blocks) in the query.
   */
  resolve(db: Db | Tx, viewerId: string | null, contentId: string): Promise<ContentInfo | null>;
};

const targets = new Map<string, ContentTarget>();

export function registerContentTarget(target: ContentTarget): void {
  targets.set(target.contentType, target);
}

/** The registered kind, or undefined for one no area has registered (yet). */
export function getContentTarget(contentType: string): ContentTarget | undefined {
  return targets.get(contentType);
}

/** Every registered kind (the contract test compares them with the database's constraints). */
export function contentTargets(): ContentTarget[] {
  return [...targets.values()];
}
