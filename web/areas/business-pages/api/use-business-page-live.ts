import { useQueryClient } from '@tanstack/react-query';
import { businessPageTopic } from '@common/business-pages/model';
import type { BusinessPage } from '@common/business-pages/model';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { businessKeys } from './query-keys';

/**
 * Keeps an open page live for a signed-in viewer: the follower count from the event itself, and
 * the posts or reviews refetched when they changed; everything refetched when events may have been
 * missed or the subscription was dropped (a block).
 */
export function useBusinessPageLive(pageId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const name = enabled ? businessPageTopic(pageId) : null;
  const shows = [businessKeys.page(pageId)];
  useLiveTopic(name, () => void queryClient.invalidateQueries({ queryKey: shows[0] }), { shows });
  useRealtimeEvent('business_page.changed', (event) => {
    if (!enabled || event.pageId !== pageId) return;
    queryClient.setQueriesData<BusinessPage>(
      { queryKey: [...businessKeys.page(pageId), 'detail'] },
      (page) => (page ? { ...page, followers: event.followers } : page),
    );
    if (event.part === 'posts') void queryClient.invalidateQueries({ queryKey: businessKeys.posts(pageId) });
    if (event.part === 'reviews') void queryClient.invalidateQueries({ queryKey: businessKeys.page(pageId) });
    if (event.part === 'page')
      void queryClient.invalidateQueries({ queryKey: [...businessKeys.page(pageId), 'detail'] });
  });
}
