import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FORUMS, type ForumReplyPage } from '@common/forums/model';
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

/**
 * The post's replies, oldest first. `initial`: the first page the post's own answer carried, and
 * when it came (no request while it is fresh).
 */
export function useForumReplies(
  id: string,
  enabled: boolean,
  initial?: { page: ForumReplyPage; at: number },
) {
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
    ...(initial
      ? { initialData: { pages: [initial.page], pageParams: [null] }, initialDataUpdatedAt: initial.at }
      : {}),
  });
}
