import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateForumPost,
  EditForumPost,
  ForumGroupFields,
  MemberAction,
  ModeratePost,
} from '@common/forums/schemas';
import { api, call } from '@web/lib/api';
import { forumKeys } from './query-keys';

/** After a change to one group: its page, its insides and every list are refetched. */
function useRefreshGroup(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: forumKeys.group(id) }),
      queryClient.invalidateQueries({ queryKey: forumKeys.lists() }),
    ]);
}

export function useCreateForumGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ForumGroupFields) => call(api.forums.$post({ json: fields })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.lists() }),
  });
}

export function useJoinForumGroup(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: () => call(api.forums[':id'].join.$post({ param: { id } })),
    onSettled: refresh,
  });
}

export function useLeaveForumGroup(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: () => call(api.forums[':id'].leave.$post({ param: { id } })),
    onSettled: refresh,
  });
}

export function useMemberAction(id: string) {
  const refresh = useRefreshGroup(id);
  return useMutation({
    mutationFn: (v: { userId: string; action: MemberAction['action'] | 'remove' }) =>
      v.action === 'remove'
        ? call(api.forums[':id'].members[':childId'].$delete({ param: { id, childId: v.userId } }))
        : call(
            api.forums[':id'].members[':childId'].$post({
              param: { id, childId: v.userId },
              json: { action: v.action },
            }),
          ),
    onSettled: refresh,
  });
}

export function useCreateForumPost(groupId: string) {
  const refresh = useRefreshGroup(groupId);
  return useMutation({
    mutationFn: (input: CreateForumPost) =>
      call(api.forums[':id'].posts.$post({ param: { id: groupId }, json: input })),
    onSuccess: refresh,
  });
}

export function useModeratePost(postId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModeratePost) =>
      call(api.forums.posts[':id'].$patch({ param: { id: postId }, json: input })),
    onSuccess: (post) => {
      queryClient.setQueryData(forumKeys.postDetail(postId), post);
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts(groupId) });
    },
  });
}

export function useCreateReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      call(api.forums.posts[':id'].replies.$post({ param: { id: postId }, json: { content } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) }),
  });
}

/**
 * Sets a post's views count in its cached page (after the viewer's own view, or a live
 * `what: 'views'` event for someone else's) without refetching the post. A count only grows, so an
 * older figure arriving late never replaces a newer one.
 */
export function setViewsCount(queryClient: QueryClient, postId: string, viewsCount: number) {
  queryClient.setQueryData(forumKeys.postDetail(postId), (old: unknown) =>
    old && typeof old === 'object'
      ? { ...old, viewsCount: Math.max(viewsCount, Number((old as { viewsCount?: number }).viewsCount ?? 0)) }
      : old,
  );
}

/** The viewer opened the post: counted once an hour by the server. */
export function useRecordView(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.forums.posts[':id'].views.$post({ param: { id: postId } })),
    onSuccess: ({ viewsCount }) => setViewsCount(queryClient, postId, viewsCount),
  });
}

/** The author edits their own post: the post and its group's lists refetch (others hear it live). */
export function useEditForumPost(postId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditForumPost) =>
      call(api.forums.posts[':id'].content.$put({ param: { id: postId }, json: body })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) }),
        queryClient.invalidateQueries({ queryKey: forumKeys.group(groupId) }),
      ]),
  });
}

/** The author deletes their own post. */
export function useDeleteForumPost(postId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.forums.posts[':id'].$delete({ param: { id: postId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.group(groupId) }),
  });
}

/** The author edits or deletes their own reply: the post's replies refetch. */
export function useEditForumReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { replyId: string; content: string }) =>
      call(api.forums.replies[':id'].$put({ param: { id: v.replyId }, json: { content: v.content } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) }),
  });
}

export function useDeleteForumReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => call(api.forums.replies[':id'].$delete({ param: { id: replyId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) }),
  });
}
