import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupFields } from '@common/groups/schemas';
import { api, call } from '@web/lib/api';
import { reactionsKeys } from '@web/lib/query-keys';
import { groupKeys } from './query-keys';

/** After a change to one group: its page, its insides and every list are refetched. */
function useRefreshGroup(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.group(id) }),
      queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
    ]);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: GroupFields) => call(api.groups.$post({ json: fields })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}

/**
 * Join a public group (a member at once) or ask to join a private one. Once in, the posts'
 * reactions and comments open: their summaries (which said "closed") are fetched again.
 */
export function useRequestToJoin(id: string) {
  const refresh = useRefreshGroup(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.groups[':id']['join-requests'].$post({ param: { id } })),
    onSuccess: (res) =>
      Promise.all([
        refresh(),
        ...(res.joined
          ? [
              // The comments area's keys come with its code, which the group page loads only
              // once a post nears the screen (docs/decisions/043): imported here, not with the page.
              import('@web/areas/comments/public').then(({ commentsKeys }) =>
                queryClient.invalidateQueries({ queryKey: commentsKeys.all }),
              ),
              queryClient.invalidateQueries({ queryKey: reactionsKeys.all }),
            ]
          : []),
      ]),
  });
}

export function useAnswerJoinRequest(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (v: { requestId: string; approve: boolean }) =>
      call(
        api.groups[':id']['join-requests'][':childId'].$post({
          param: { id, childId: v.requestId },
          json: { approve: v.approve },
        }),
      ),
    onSettled: refresh,
  });
}

/** An admin removes a member (never the owner): the members list and counts are refetched. */
export function useRemoveMember(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (userId: string) =>
      call(api.groups[':id'].members[':childId'].$delete({ param: { id, childId: userId } })),
    onSettled: refresh,
  });
}

/** The author or a group admin deletes a post: the posts refetch (others hear it live). */
export function useDeletePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      call(api.groups[':id'].posts[':childId'].$delete({ param: { id, childId: postId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.posts(id) }),
  });
}

/** An admin names a member admin, or an admin a member again. */
export function useSetMemberRole(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (v: { userId: string; role: 'admin' | 'member' }) =>
      call(
        api.groups[':id'].members[':childId'].$patch({
          param: { id, childId: v.userId },
          json: { role: v.role },
        }),
      ),
    onSettled: refresh,
  });
}

export function useLeaveGroup(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (newAdminId: string | null) =>
      call(api.groups[':id'].leave.$post({ param: { id }, json: { newAdminId } })),
    onSuccess: refresh,
  });
}

export function useSetPrivacy(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (isPrivate: boolean) =>
      call(api.groups[':id'].$patch({ param: { id }, json: { isPrivate } })),
    onSuccess: refresh,
  });
}

/** Invite by email, or a person found by name (`{ userId }`). */
export function useInvite(id: string) {
  return useMutation({
    mutationFn: (who: { email: string } | { userId: string }) =>
      call(api.groups[':id'].invitations.$post({ param: { id }, json: who })),
  });
}

/** People a group admin may invite, found by name. */
export function useInvitable(id: string, q: string) {
  return useQuery({
    queryKey: ['groups', 'invitable', id, q] as const,
    queryFn: ({ signal }) =>
      call(api.groups[':id'].invitable.$get({ param: { id }, query: { q } }, { init: { signal } })),
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
  });
}

export function useAnswerInvitation(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (v: { invitationId: string; accept: boolean }) =>
      call(
        api.groups[':id'].invitations[':childId'].$post({
          param: { id, childId: v.invitationId },
          json: { accept: v.accept },
        }),
      ),
    onSettled: refresh,
  });
}

export function useCreatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { content: string; imageUrl: string | null }) =>
      call(api.groups[':id'].posts.$post({ param: { id }, json: v })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.posts(id) }),
  });
}

export function useSharePost(id: string) {
  return useMutation({
    mutationFn: (v: { postId: string; comment: string | null }) =>
      call(
        api.groups[':id'].posts[':childId'].share.$post({
          param: { id, childId: v.postId },
          json: { comment: v.comment },
        }),
      ),
  });
}
