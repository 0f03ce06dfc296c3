import type { CreateComment } from '@common/engagement-schemas';
import type { Comment, CommentPage } from '@common/comments';
import type { AppDeps, Viewer } from '../../lib/context';
import type { Tx } from '../notifications/notifications.service';
import type { ContentRef } from '../reactions/reactions.service';

// Skeleton (the contract): the engagement helper fills these in.
export type CommentDeps = Pick<AppDeps, 'db' | 'bus' | 'logger'>;

const todo = (): never => {
  throw new Error('not implemented yet');
};

export async function listComments(
  _deps: CommentDeps,
  _viewerId: string | null,
  _ref: ContentRef,
  _q: { cursor?: string | undefined; limit: number },
): Promise<CommentPage> {
  return todo();
}
export async function addComment(
  _deps: CommentDeps,
  _viewer: Viewer,
  _ref: ContentRef,
  _input: CreateComment,
): Promise<Comment> {
  return todo();
}
export async function deleteComment(_deps: CommentDeps, _viewer: Viewer, _id: string): Promise<void> {
  return todo();
}
/** Deletes a piece of content's comments; the content area calls it in its delete transaction. */
export async function removeComments(_tx: Tx, _ref: ContentRef): Promise<void> {
  return todo();
}
