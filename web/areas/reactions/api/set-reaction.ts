import type { EngagementContentType, ReactionSummary, ReactionType } from '@common/reactions/model';
import { api, call } from '@web/lib/api';

/** Sets the viewer's reaction of one type on or off (the desired state, so repeating it is harmless). */
export function setReaction({
  contentType,
  contentId,
  reactionType,
  active,
}: {
  contentType: EngagementContentType;
  contentId: string;
  reactionType: ReactionType;
  active: boolean;
}): Promise<ReactionSummary> {
  return call(
    api.reactions[':contentType'][':contentId'][':reactionType'].$put({
      param: { contentType, contentId, reactionType },
      json: { active },
    }),
  );
}
