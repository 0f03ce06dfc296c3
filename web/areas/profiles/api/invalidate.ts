import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionState, ProfileView } from '@common/profiles/model';
import { profilesKeys } from '@web/lib/query-keys';

/** Everything shown about these people: views, counts, lists, mutual friends, requests. */
export function invalidatePeople(queryClient: QueryClient, userIds: readonly string[]) {
  for (const id of userIds) void queryClient.invalidateQueries({ queryKey: profilesKeys.person(id) });
  void queryClient.invalidateQueries({ queryKey: profilesKeys.allMutualFriends() });
  void queryClient.invalidateQueries({ queryKey: profilesKeys.requests() });
}

/** Edits the cached view of `userId`, if there is one. */
export function updateView(
  queryClient: QueryClient,
  userId: string,
  update: (view: ProfileView) => ProfileView,
) {
  queryClient.setQueryData<ProfileView>(profilesKeys.view(userId), (view) => (view ? update(view) : view));
}

/**
 * The view with a new connection state; the follower count moves with the viewer's own follow
 * (a follow, request or friendship row of the viewer's counts them as a follower).
 */
export function withConnection(view: ProfileView, next: ConnectionState): ProfileView {
  const before = view.connection?.isFollowing ?? false;
  const delta = Number(next.isFollowing) - Number(before);
  return {
    ...view,
    connection: next,
    stats: view.stats ? { ...view.stats, followers: Math.max(0, view.stats.followers + delta) } : null,
  };
}
