import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { FeedEngagement } from '@common/feed/model';
import { getReactions, useReactionToggle } from '@web/areas/reactions/public';
import { reactionsKeys } from '@web/lib/query-keys';
import type { LiveLike } from './feed-engagement-view';

/**
 * Like in place on an article card (issue 21), loaded once a member reaches for it
 * (feed-engagement-view.tsx); it draws nothing and reports Like's state up. The counts come with
 * the feed page and seed the reactions cache the article's own page reads, so a like here shows
 * there too. `likeOnArrival`: a tap made while this code was coming counts as a tap on Like.
 */
export function FeedLikeController({
  engagement,
  viewerId,
  likeOnArrival,
  onLive,
}: {
  engagement: FeedEngagement;
  viewerId: string;
  likeOnArrival: boolean;
  onLive: (live: LiveLike) => void;
}) {
  const { contentType, contentId } = engagement.reactions;
  const { data: summary } = useQuery({
    queryKey: reactionsKeys.summary(contentType, contentId, viewerId),
    queryFn: ({ signal }) => getReactions(contentType, contentId, signal),
    initialData: engagement.reactions,
    // The page's counts are fresh: no request per card.
    staleTime: 60_000,
  });
  const like = useReactionToggle({ contentType, contentId, viewerId, reactionType: 'like', summary });
  // One stable toggle for the footer, calling this render's (it reads the queue's latest state).
  const latestToggle = useRef(like.toggle);
  useLayoutEffect(() => {
    latestToggle.current = like.toggle;
  });
  const toggle = useCallback(() => latestToggle.current(), []);

  useEffect(() => {
    onLive({ summary, isActive: like.isActive, count: like.count, toggle });
  }, [onLive, summary, like.isActive, like.count, toggle]);

  const liked = useRef(false);
  useEffect(() => {
    if (!likeOnArrival || liked.current) return;
    liked.current = true;
    toggle();
  }, [likeOnArrival, toggle]);

  return null;
}
