import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessPostInput } from '@common/business-pages/schemas';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

/** Every post change refreshes the page's posts (the live topic does the same for others). */
function useRefreshPosts(pageId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: businessKeys.posts(pageId) });
}

export function useCreatePost(pageId: string) {
  const refresh = useRefreshPosts(pageId);
  return useMutation({
    mutationFn: (json: BusinessPostInput) =>
      call(api['business-pages'][':id'].posts.$post({ param: { id: pageId }, json })),
    onSuccess: refresh,
  });
}

export function useUpdatePost(pageId: string, postId: string) {
  const refresh = useRefreshPosts(pageId);
  return useMutation({
    mutationFn: (json: BusinessPostInput) =>
      call(api['business-posts'][':id'].$patch({ param: { id: postId }, json })),
    onSuccess: refresh,
  });
}

export function useDeletePost(pageId: string, postId: string) {
  const refresh = useRefreshPosts(pageId);
  return useMutation({
    mutationFn: () => call(api['business-posts'][':id'].$delete({ param: { id: postId } })),
    onSuccess: refresh,
  });
}

export function useLikePost(pageId: string, postId: string) {
  const refresh = useRefreshPosts(pageId);
  return useMutation({
    mutationFn: (active: boolean) =>
      call(api['business-posts'][':id'].like.$put({ param: { id: postId }, json: { active } })),
    onSettled: refresh,
  });
}

export function useSharePost(pageId: string, postId: string) {
  const refresh = useRefreshPosts(pageId);
  return useMutation({
    mutationFn: () => call(api['business-posts'][':id'].share.$post({ param: { id: postId } })),
    onSettled: refresh,
  });
}
