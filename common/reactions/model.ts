/**
 * Reactions on any content. One module for
 * every area: a content type registers which reaction set it uses.
 */

/** Articles and group posts. */
export const CONTENT_REACTIONS = ['like', 'dislike', 'love', 'laugh', 'cry'] as const;
/** Forum posts, replies and comments (the forums issue registers it). */
export const FORUM_REACTIONS = ['like', 'love', 'insightful', 'helpful', 'celebrate'] as const;
export const REACTION_TYPES = [
  ...new Set([...CONTENT_REACTIONS, ...FORUM_REACTIONS]),
] as readonly ReactionType[];
export type ReactionType = (typeof CONTENT_REACTIONS)[number] | (typeof FORUM_REACTIONS)[number];

export const REACTION_LABELS: Record<ReactionType, string> = {
  like: 'Like',
  dislike: 'Dislike',
  love: 'Love',
  laugh: 'Haha',
  cry: 'Sad',
  insightful: 'Insightful',
  helpful: 'Helpful',
  celebrate: 'Celebrate',
};

export const REACTION_EMOJI: Record<ReactionType, string> = {
  like: '👍',
  dislike: '👎',
  love: '❤️',
  laugh: '😂',
  cry: '😢',
  insightful: '💡',
  helpful: '🙌',
  celebrate: '🎉',
};

/** Content types that take reactions and comments (each area adds its own as it lands). */
export const ENGAGEMENT_CONTENT_TYPES = [
  'article',
  'group_post',
  'forum_post',
  'forum_reply',
  'forum_comment',
  'business_post',
] as const;
export type EngagementContentType = (typeof ENGAGEMENT_CONTENT_TYPES)[number];

/** A piece of content's reactions: counts by type (zero counts omitted) and the viewer's own. */
export type ReactionSummary = {
  contentType: EngagementContentType;
  contentId: string;
  /** The reaction types this content takes, in display order. */
  types: ReactionType[];
  counts: Partial<Record<ReactionType, number>>;
  /** The viewer's reactions (empty for visitors). */
  mine: ReactionType[];
  /**
   * Why the viewer, who may see the content, may not react to it (a public group's post, for a
   * non-member); null when they may, and for visitors (they are asked to sign in).
   */
  closedReason: string | null;
};

export const REACTION_MSG = {
  signInAction: 'react to this content',
  loadFailed: 'Failed to load reactions',
  updateFailed: 'Failed to update reaction',
  invalidType: 'This content does not take that reaction.',
  notFound: 'This content is not available.',
} as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /** To subscribers of `content:{type}:{id}`: the content's reaction counts changed (every type's count). */
    'reactions.changed': {
      type: 'reactions.changed';
      contentType: EngagementContentType;
      contentId: string;
      counts: Partial<Record<ReactionType, number>>;
    };
  }
}

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    reaction: true;
  }
}
