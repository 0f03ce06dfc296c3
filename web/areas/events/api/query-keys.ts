import type { EventList, GuestStatus } from '@common/events/model';

/** Query keys of the events area: every list under lists(), each event's parts under detail(id). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (list: EventList, user: string | null, viewerId: string | null) =>
    [...eventKeys.lists(), list, user ?? 'me', viewerId ?? 'visitor'] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  guests: (id: string, status: GuestStatus) => [...eventKeys.detail(id), 'guests', status] as const,
  candidates: (id: string) => [...eventKeys.detail(id), 'candidates'] as const,
  candidateSearch: (id: string, q: string) => [...eventKeys.candidates(id), 'search', q] as const,
};
