import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FORUMS } from '@common/forums/model';
import { api, call } from '@web/lib/api';
import { forumKeys } from './query-keys';

/** One post as the viewer may read it. */
export function useForumPost(id: string, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.postDetail(id),
    queryFn: ({ signal }) => call(api.forums.posts[':id'].$get({ param: { id } }, { init: { signal } })),
    enabled,
    retry: false,
  });
}

/** The post's replies, oldest first. */
export function useForumReplies(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: forumKeys.replies(id),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.forums.posts[':id'].replies.$get(
          {
            param: { id },
            query: { limit: String(FORUMS.replyPageSize), ...(pageParam ? { cursor: pageParam } : {}) },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
