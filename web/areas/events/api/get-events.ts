import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { EVENTS, type EventList, type GuestStatus } from '@common/events/model';
import { api, call } from '@web/lib/api';
import { eventKeys } from './query-keys';

export const eventListOptions = (
  list: EventList,
  user: string | null,
  viewerId: string | null,
  limit: number = EVENTS.pageSize,
) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(list, user, viewerId),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.events.$get(
          {
            query: {
              list,
              limit: String(limit),
              ...(user ? { user } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One list (Upcoming, Past, or a profile's tab), a page at a time. */
export function useEventList(
  list: EventList,
  user: string | null,
  viewerId: string | null,
  limit?: number,
  enabled = true,
) {
  return useInfiniteQuery({ ...eventListOptions(list, user, viewerId, limit), enabled });
}

/** One event with its counts and the viewer's answer. */
export function useEvent(id: string, enabled = true) {
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => call(api.events[':id'].$get({ param: { id } }, { init: { signal } })),
    enabled,
    retry: (count, error) =>
      count < 2 && !(error && 'status' in error && (error as { status: number }).status === 404),
  });
}

/** One Guest List tab, a page at a time. */
export function useGuests(id: string, status: GuestStatus) {
  return useInfiniteQuery({
    queryKey: eventKeys.guests(id, status),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.events[':id'].guests.$get(
          {
            param: { id },
            query: {
              status,
              limit: String(EVENTS.guestPageSize),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The organizer's friends (or other members) to invite. */
export function useInviteCandidates(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: eventKeys.candidates(id),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.events[':id'].invitable.$get(
          { param: { id }, query: pageParam ? { cursor: pageParam } : {} },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** People found by name among the organizer's connections, then their groups' members. */
export function useInviteSearch(id: string, q: string) {
  return useQuery({
    queryKey: eventKeys.candidateSearch(id, q),
    queryFn: ({ signal }) =>
      call(api.events[':id'].invitable.$get({ param: { id }, query: { q } }, { init: { signal } })),
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
  });
}
