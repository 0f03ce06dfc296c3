import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDetail, RsvpAnswer } from '@common/events/model';
import type { EventInput } from '@common/events/schemas';
import { api, call } from '@web/lib/api';
import { eventKeys } from './query-keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return (event: EventDetail) => {
    queryClient.setQueryData(eventKeys.detail(event.id), event);
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id), refetchType: 'active' });
  };
}

export function useCreateEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EventInput) => call(api.events.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateEvent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EventInput) => call(api.events[':id'].$patch({ param: { id }, json: input })),
    onSuccess: refresh,
  });
}

export function useCancelEvent(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(api.events[':id'].cancel.$post({ param: { id } })),
    onSuccess: refresh,
  });
}

/** The viewer's answer: Going, Maybe or Can't Go. */
export function useRsvp(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (status: RsvpAnswer) =>
      call(api.events[':id'].rsvp.$put({ param: { id }, json: { status } })),
    onSuccess: (result) => refresh(result.event),
  });
}

export function useInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      call(api.events[':id'].invitations.$post({ param: { id }, json: { userIds } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
}

/** The organizer invites the members of one of their groups at once. */
export function useInviteGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      call(api.events[':id'].invitations.group.$post({ param: { id }, json: { groupId } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
  });
}

/** The organizer deletes the event: it leaves the lists and its page is gone. */
export function useDeleteEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.events[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
