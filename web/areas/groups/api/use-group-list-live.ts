import { useQueryClient } from '@tanstack/react-query';
import { GROUP_LIST_TOPIC } from '@common/groups/model';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { groupKeys } from './query-keys';

/** Keeps /groups live for a member: a group someone else creates appears without a reload. */
export function useGroupListLive(signedIn: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
  useLiveTopic(signedIn ? GROUP_LIST_TOPIC : null, refresh);
  useRealtimeEvent('group.changed', (e) => {
    if (signedIn && e.what === 'group') refresh();
  });
}
