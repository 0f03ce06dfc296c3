import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage } from '@common/comments/model';
import type { EngagementContentType } from '@common/reactions/model';
import { commentsKeys } from './query-keys';

export type CommentsData = InfiniteData<CommentPage, unknown>;
export type CommentNode = { comment: Comment; replies: CommentNode[] };

function byTime(a: Comment, b: Comment): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The loaded comments, oldest first, each once: one added at the end of the loaded pages (the
 * poster's own, or a live one) can come again in a page loaded later.
 */
export function loadedComments(data: CommentsData): Comment[] {
  const byId = new Map<string, Comment>();
  for (const page of data.pages) for (const comment of page.items) byId.set(comment.id, comment);
  return [...byId.values()].sort(byTime);
}

/** The comments as a tree by parent id, each level oldest first; a reply whose parent is not loaded stands at the top. */
export function buildCommentTree(comments: Comment[]): CommentNode[] {
  const nodes = new Map(comments.map((comment) => [comment.id, { comment, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.comment.parentId ? nodes.get(node.comment.parentId) : undefined;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids with every loaded reply under them, at any depth. */
export function withReplies(comments: Comment[], ids: readonly string[]): Set<string> {
  const gone = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const comment of comments) {
      if (comment.parentId && gone.has(comment.parentId) && !gone.has(comment.id)) {
        gone.add(comment.id);
        grew = true;
      }
    }
  }
  return gone;
}

/** Adds a comment after the loaded ones; null when it is there already (or nothing is loaded). */
export function withComment(data: CommentsData, comment: Comment): CommentsData | null {
  if (data.pages.length === 0) return null;
  if (data.pages.some((page) => page.items.some((item) => item.id === comment.id))) return null;
  const lastIndex = data.pages.length - 1;
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      total: page.total + 1,
      items: i === lastIndex ? [...page.items, comment] : page.items,
    })),
  };
}

/** Takes the comments and their loaded replies out; null when none of them was loaded. */
export function withoutComments(data: CommentsData, ids: readonly string[]): CommentsData | null {
  const all = data.pages.flatMap((page) => page.items);
  const gone = withReplies(all, ids);
  const removed = new Set(all.filter((comment) => gone.has(comment.id)).map((comment) => comment.id)).size;
  if (removed === 0) return null;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      total: Math.max(0, page.total - removed),
      items: page.items.filter((comment) => !gone.has(comment.id)),
    })),
  };
}

/** A new comment (the poster's answer or a live event) into every viewer's loaded copy. */
export function putCommentInCache(queryClient: QueryClient, comment: Comment) {
  queryClient.setQueriesData<CommentsData>(
    { queryKey: commentsKeys.content(comment.contentType, comment.contentId) },
    (data) => (data ? (withComment(data, comment) ?? data) : data),
  );
}

/** Deleted comments (and their replies) out of every viewer's loaded copy. */
export function removeCommentsFromCache(
  queryClient: QueryClient,
  contentType: EngagementContentType,
  contentId: string,
  ids: readonly string[],
) {
  queryClient.setQueriesData<CommentsData>(
    { queryKey: commentsKeys.content(contentType, contentId) },
    (data) => (data ? (withoutComments(data, ids) ?? data) : data),
  );
}
