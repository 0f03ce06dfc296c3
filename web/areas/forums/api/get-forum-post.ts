import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FORUMS, type ForumReplyPage } from '@common/forums/model';
import { api, call } from '@web/lib/api';
import { noteSeeded } from '@web/lib/query-sent-at';
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
 * The post's replies, oldest first. `initial`: the first page the post's own answer carried, when
 * it came (no request while it is fresh) and when its request was sent (performance.now()).
 */
export function useForumReplies(
  id: string,
  enabled: boolean,
  initial?: { page: ForumReplyPage; at: number; sentAt?: number | undefined },
) {
  const queryClient = useQueryClient();
  const at = initial?.at;
  const sentAt = initial?.sentAt;
  // The seed's request, when the post's answer says when it was sent: the live page knows its age.
  useEffect(() => {
    if (at !== undefined) noteSeeded(queryClient, forumKeys.replies(id), { at, sentAt });
  }, [queryClient, id, at, sentAt]);
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
