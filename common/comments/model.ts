import { plural } from '../core/texts';
import type { EngagementContentType } from '../reactions/model';
import type { PersonSummary } from '../profiles/model';

/**
 * Comments on any content. Plain text; links are made
 * clickable when shown. Nesting by parent id, with a depth limit each content type sets.
 */
export const COMMENTS = {
  maxLength: 2000,
  pageSize: 50,
  pageMax: 100,
  /** The comment box's minimum height in px. */
  textareaMinHeightPx: 80,
} as const;

export type Comment = {
  id: string;
  contentType: EngagementContentType;
  contentId: string;
  parentId: string | null;
  /** 0 for a top-level comment; a reply is its parent's depth + 1. */
  depth: number;
  content: string;
  createdAt: string;
  author: PersonSummary;
};

export type CommentPage = {
  /** Oldest first (newest last). */
  items: Comment[];
  /** Counted up to LIMITS.listCountCap. */
  total: number;
  /** There are more than `total` (shown as 'n+'). */
  totalCapped: boolean;
  nextCursor: string | null;
  /** The deepest depth a reply may have here (0: no replies). */
  maxDepth: number;
  /**
   * Why the viewer, who may read the comments, may not write one (a public group's post, for a
   * non-member); null when they may, and for visitors (they are asked to sign in).
   */
  closedReason: string | null;
};

export const COMMENT_MSG = {
  heading: 'Comments',
  placeholder: 'Write a comment...',
  replyPlaceholder: 'Write a reply...',
  submit: 'Post Comment',
  reply: 'Reply',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: 'Delete this comment?',
  empty: 'No comments yet. Be the first to comment!',
  signInAction: 'comment on this post',
  required: 'Comment cannot be empty.',
  tooLong: 'Comment must be at most 2000 characters.',
  tooDeep: 'Replies cannot go deeper here.',
  parentNotFound: 'The comment you replied to no longer exists.',
  notFound: 'Comment not found',
  noPermission: 'You can only delete your own comments.',
  loadFailed: 'Failed to load comments.',
  addFailed: 'Failed to add comment. Please try again.',
  deleteFailed: 'Failed to delete comment',
  added: 'Comment added',
  deleted: 'Comment deleted',
  charactersLeft: (n: number) => `${plural(n, 'character')} left`,
} as const;

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const COMMENT_REPORT_TARGET = { type: 'comment', label: 'comment' } as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /** To subscribers of `content:{type}:{id}`: a comment was added. */
    'comment.created': { type: 'comment.created'; comment: Comment };
    /** To subscribers of `content:{type}:{id}`: these comments (with their replies) were deleted. */
    'comment.deleted': {
      type: 'comment.deleted';
      contentType: EngagementContentType;
      contentId: string;
      commentIds: string[];
    };
  }
}

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    comment: true;
  }
}
