import type { ReactionSummary, ReactionType, EngagementContentType } from '@common/reactions';
import type { AppDeps, Viewer } from '../../lib/context';
import type { Tx } from '../notifications/notifications.service';

// Skeleton (the contract): the engagement helper fills these in.
export type ReactionDeps = Pick<AppDeps, 'db' | 'bus' | 'logger'>;
export type ContentRef = { contentType: EngagementContentType; contentId: string };

const todo = (): never => {
  throw new Error('not implemented yet');
};

export async function getReactions(
  _deps: ReactionDeps,
  _viewerId: string | null,
  _ref: ContentRef,
): Promise<ReactionSummary> {
  return todo();
}
export async function setReaction(
  _deps: ReactionDeps,
  _viewer: Viewer,
  _ref: ContentRef & { reactionType: string },
  _active: boolean,
): Promise<ReactionSummary> {
  return todo();
}
/** Deletes a piece of content's reactions; the content area calls it in its delete transaction. */
export async function removeReactions(_tx: Tx, _ref: ContentRef): Promise<void> {
  return todo();
}
export type { ReactionType };
