import { useQuery } from '@tanstack/react-query';
import type { GroupSummary } from '@common/groups/model';
import { api, call } from '@web/lib/api';
import { groupKeys } from './query-keys';

/*
 * Suggested groups for a member's home card (issue 21). Part of the first view, where it decides
 * whether the card loads (module.ts homeCards), so it imports nothing else of the area.
 */

export const suggestedGroupsKey = () => [...groupKeys.lists(), 'suggested'] as const;

export function getSuggestedGroups(signal?: AbortSignal): Promise<{ items: GroupSummary[] }> {
  return call(api.groups.suggested.$get(undefined, { init: { signal: signal ?? null } }));
}

export function useSuggestedGroups() {
  return useQuery({
    queryKey: suggestedGroupsKey(),
    queryFn: ({ signal }) => getSuggestedGroups(signal),
    staleTime: 5 * 60_000,
  });
}

const dismissedKey = (viewerId: string) => `cofound:home-card-dismissed:suggested-groups:${viewerId}`;

export function isSuggestedGroupsDismissed(viewerId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(viewerId)) !== null;
  } catch {
    return false;
  }
}

export function dismissSuggestedGroups(viewerId: string): void {
  try {
    window.localStorage.setItem(dismissedKey(viewerId), new Date().toISOString());
  } catch {
    // Refused storage: hidden for this visit only.
  }
}

/**
 * The card shows while there are groups to suggest and the member has not dismissed it; undefined
 * until the suggestions come back.
 */
export function useHasSuggestedGroups(viewerId: string): boolean | undefined {
  const isDismissed = isSuggestedGroupsDismissed(viewerId);
  const query = useQuery({
    queryKey: suggestedGroupsKey(),
    queryFn: ({ signal }) => getSuggestedGroups(signal),
    staleTime: 5 * 60_000,
    enabled: !isDismissed,
  });
  if (isDismissed) return false;
  if (query.isPending) return undefined;
  return (query.data?.items.length ?? 0) > 0;
}
