import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MESSAGING, type ConversationPage } from '@common/messages/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { messagesKeys, type ConversationFilters } from './query-keys';

export function getConversations(
  { q, cursor }: ConversationFilters & { cursor: string | null },
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const query = {
    limit: MESSAGING.conversationPageSize,
    ...(q ? { q } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return call(api.messages.conversations.$get({ query }, { init: { signal: signal ?? null } }));
}

export const conversationsQueryOptions = (filters: ConversationFilters) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversations(filters),
    queryFn: ({ pageParam, signal }) => getConversations({ ...filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The viewer's conversations, newest first; `q` filters by the partner's name. */
export function useConversations(filters: ConversationFilters) {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useInfiniteQuery({
    ...conversationsQueryOptions(filters),
    refetchInterval,
    // Keep the old list on screen while a new search runs.
    placeholderData: (previous) => previous,
  });
}
