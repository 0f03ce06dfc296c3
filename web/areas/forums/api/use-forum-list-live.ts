import { useQueryClient } from '@tanstack/react-query';
import { FORUM_LIST_TOPIC } from '@common/forums/model';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { forumKeys } from './query-keys';

/** Keeps /forums live for a member: a forum group someone else creates appears without a reload. */
export function useForumListLive(signedIn: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: forumKeys.lists() });
  useLiveTopic(signedIn ? FORUM_LIST_TOPIC : null, refresh);
  useRealtimeEvent('forum.changed', (e) => {
    if (signedIn && e.what === 'group' && e.postId === null) refresh();
  });
}
