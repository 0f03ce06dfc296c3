import { useQuery } from '@tanstack/react-query';
import type { EventPage } from '@common/events/model';
import { api, call } from '@web/lib/api';
import { eventKeys } from './query-keys';

/*
 * The next few events for a member's home card (issue 21): the Upcoming list's first page (the
 * events API as it is). Part of the first view, where it decides whether the card loads
 * (module.ts homeCards), so it imports nothing else of the area.
 */

/** As many as the card lists. */
export const HOME_EVENTS = 3;

export const upcomingEventsKey = (viewerId: string) => [...eventKeys.lists(), 'home', viewerId] as const;

export function getUpcomingEvents(signal?: AbortSignal): Promise<EventPage> {
  return call(
    api.events.$get(
      { query: { list: 'upcoming', limit: String(HOME_EVENTS) } },
      { init: { signal: signal ?? null } },
    ),
  );
}

const dismissedKey = (viewerId: string) => `cofound:home-card-dismissed:upcoming-events:${viewerId}`;

export function isUpcomingEventsDismissed(viewerId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(viewerId)) !== null;
  } catch {
    return false;
  }
}

export function dismissUpcomingEvents(viewerId: string): void {
  try {
    window.localStorage.setItem(dismissedKey(viewerId), new Date().toISOString());
  } catch {
    // Refused storage: hidden for this visit only.
  }
}

export function useUpcomingEvents(viewerId: string, enabled = true) {
  return useQuery({
    queryKey: upcomingEventsKey(viewerId),
    queryFn: ({ signal }) => getUpcomingEvents(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The card shows while there are events ahead (not cancelled) and the member has not dismissed it;
 * undefined until the events come back.
 */
export function useHasUpcomingEvents(viewerId: string): boolean | undefined {
  const isDismissed = isUpcomingEventsDismissed(viewerId);
  const query = useUpcomingEvents(viewerId, !isDismissed);
  if (isDismissed) return false;
  if (query.isPending) return undefined;
  return query.data?.items.some((e) => !e.cancelled) ?? false;
}
