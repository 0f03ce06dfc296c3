import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import {
  CONNECTION_MSG,
  SETTINGS_MSG,
  type ConnectionState,
  type FriendRequest,
  type ProfileView,
} from '@common/profiles/model';
import {
  acceptFriendRequest,
  blockUser,
  rejectFriendRequest,
  removeFriend,
  sendFriendRequest,
  unblockUser,
} from './connection-actions';
import { refusalText } from '@web/lib/api-client';
import { invalidatePeople, updateView, withConnection } from './invalidate';
import { profilesKeys } from '@web/lib/query-keys';

type Person = { viewerId: string; userId: string; name: string };

/** Connect: the button reads 'Request Sent' at once; a failure puts it back. */
export function useSendFriendRequest({ viewerId, userId }: Person) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendFriendRequest(userId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: profilesKeys.view(userId) });
      const before = queryClient.getQueryData<ProfileView>(profilesKeys.view(userId));
      updateView(queryClient, userId, (view) =>
        withConnection(view, {
          status: 'friend_requested',
          isFollowing: true,
          followsYou: view.connection?.followsYou ?? false,
        }),
      );
      return { before };
    },
    onSuccess: (state) => {
      updateView(queryClient, userId, (view) => withConnection(view, state));
      // Both had asked: the server made them friends.
      toast.success(state.status === 'friends' ? CONNECTION_MSG.accepted : CONNECTION_MSG.requestSent);
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(profilesKeys.view(userId), context.before);
      toast.error(CONNECTION_MSG.requestFailed, { description: refusalText(error) });
    },
    onSettled: () => invalidatePeople(queryClient, [userId, viewerId]),
  });
}

/** Friends button: ends the friendship (both directions) once confirmed. */
export function useRemoveFriend({ viewerId, userId }: Person) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeFriend(userId),
    onSuccess: (state) => {
      updateView(queryClient, userId, (view) => withConnection(view, state));
      toast.success(CONNECTION_MSG.friendRemoved);
    },
    onError: (error) => toast.error(CONNECTION_MSG.removeFriendFailed, { description: refusalText(error) }),
    onSettled: () => invalidatePeople(queryClient, [userId, viewerId]),
  });
}

/** `userId` sent the viewer the request. */
type RequestAnswer = { userId: string; accept: boolean };

/**
 * Accept or reject a friend request, from the requests card or someone's profile. The request
 * leaves the list at once and comes back if the call fails.
 */
export function useAnswerFriendRequest(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, accept }: RequestAnswer): Promise<ConnectionState> =>
      accept ? acceptFriendRequest(userId) : rejectFriendRequest(userId),
    onMutate: async ({ userId }) => {
      await queryClient.cancelQueries({ queryKey: profilesKeys.requests() });
      const before = queryClient.getQueryData<FriendRequest[]>(profilesKeys.requests());
      queryClient.setQueryData<FriendRequest[]>(profilesKeys.requests(), (list) =>
        list?.filter((r) => r.from.id !== userId),
      );
      return { before };
    },
    onSuccess: (state, { userId, accept }) => {
      updateView(queryClient, userId, (view) => withConnection(view, state));
      toast.success(accept ? CONNECTION_MSG.accepted : CONNECTION_MSG.rejected);
    },
    onError: (error, { accept }, context) => {
      if (context?.before) queryClient.setQueryData(profilesKeys.requests(), context.before);
      toast.error(accept ? CONNECTION_MSG.acceptFailed : CONNECTION_MSG.rejectFailed, {
        description: refusalText(error),
      });
    },
    onSettled: (_data, _error, { userId }) => invalidatePeople(queryClient, [userId, viewerId]),
  });
}

/** Block or unblock someone; their connections with the viewer go when blocked. */
export function useSetBlocked({ viewerId, userId, name }: Person) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => (block ? blockUser(userId) : unblockUser(userId)),
    onSuccess: ({ blocked }) => {
      toast.success(blocked ? SETTINGS_MSG.blocked(name) : SETTINGS_MSG.unblocked(name));
    },
    onError: (error, block) =>
      toast.error(block ? SETTINGS_MSG.blockFailed : SETTINGS_MSG.unblockFailed, {
        description: refusalText(error),
      }),
    onSettled: () => invalidatePeople(queryClient, [userId, viewerId]),
  });
}
