import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@web/lib/toast';
import { FOLLOW_MSG } from '@common/profiles/first-view-texts';
import type { ProfileView } from '@common/profiles/model';
import { useToggleQueue } from '@web/lib/use-toggle-queue';
import { followUser, unfollowUser } from './connection-actions';
import { refusalText } from '@web/lib/api-client';
import { invalidatePeople, updateView, withConnection } from './invalidate';
import { profilesKeys } from '@web/lib/query-keys';

/**
 * Follow / Unfollow with rapid taps collapsed into the last state (useToggleQueue): the button
 * flips at once; at most one request is in flight, and when it ends the next one is sent only if
 * the last tap still differs from what the server has. One toast tells the outcome. The cached
 * view is left to the server's answers meanwhile, and the wanted state is shown over it, so a
 * refetch during the taps cannot make the button flicker.
 */
export function useFollowToggle({
  viewerId,
  userId,
  name,
  isFollowing,
  onSettled,
}: {
  viewerId: string;
  userId: string;
  name: string;
  /** What the cached view says (or, where no view is cached, the caller's list, e.g. a feed card). */
  isFollowing: boolean;
  /** The server's state once the taps are done, for lists that carry their own copy of it. */
  onSettled?: ((isFollowing: boolean) => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const latest = useRef(isFollowing);
  useEffect(() => {
    latest.current = isFollowing;
  });

  const { wanted, toggle } = useToggleQueue({
    async send(follow) {
      const answer = follow ? await followUser(userId) : await unfollowUser(userId);
      // The answer becomes the cache's truth (a fetch begun before it could carry older news);
      // the tap on top of it stays shown until we finish.
      await queryClient.cancelQueries({ queryKey: profilesKeys.view(userId) });
      updateView(queryClient, userId, (view) => withConnection(view, answer));
      return answer.isFollowing;
    },
    onSettled(following) {
      onSettled?.(following);
      // One toast per person: a later outcome replaces the earlier one.
      const id = `follow:${userId}`;
      if (following) {
        toast.success(FOLLOW_MSG.followingTitle, { id, description: FOLLOW_MSG.followingName(name) });
      } else {
        toast.success(FOLLOW_MSG.unfollowed, { id, description: undefined });
      }
    },
    onError(error, attempted) {
      toast.error(attempted ? FOLLOW_MSG.followFailed : FOLLOW_MSG.unfollowFailed, {
        description: refusalText(error),
      });
    },
    onIdle: () => invalidatePeople(queryClient, [userId, viewerId]),
  });

  const shown = wanted ?? isFollowing;

  return {
    isFollowing: shown,
    /** Add to the follower count while a tap is ahead of the cached view. */
    followersDelta: wanted === null ? 0 : Number(wanted) - Number(isFollowing),
    toggle() {
      // Read the cache, not this render's props: a tap can land before the last answer re-rendered.
      const cached =
        queryClient.getQueryData<ProfileView>(profilesKeys.view(userId))?.connection?.isFollowing ??
        latest.current;
      if (toggle(cached)) void queryClient.cancelQueries({ queryKey: profilesKeys.view(userId) });
    },
  };
}
