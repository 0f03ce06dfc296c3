import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LinkPreview } from '@common/core/link-previews';
import { api, call } from './api';
import { cardLinkOf } from './linkify';

/*
 * Link cards (docs/decisions/028). A shown card reads the server's stored card (it never makes the
 * server fetch); the composer asks the server to fetch one, and its answer fills the shown card's
 * cache too, so the message or post shows its card at once.
 */

export const linkPreviewKeys = {
  all: ['link-previews'] as const,
  shown: (url: string) => [...linkPreviewKeys.all, 'shown', url] as const,
  composer: (url: string) => [...linkPreviewKeys.all, 'composer', url] as const,
};

/** A card hardly changes: kept for the session, asked again only after a long while. */
const STALE_MS = 30 * 60_000;

export function getShownLinkPreview(url: string): Promise<{ preview: LinkPreview | null }> {
  return call(api['link-previews'].$get({ query: { url } }));
}

export function askLinkPreview(url: string): Promise<{ preview: LinkPreview | null }> {
  return call(api['link-previews'].$post({ json: { url } }));
}

/** The stored card of `url` (null: none, the plain link shows). */
export function useShownLinkPreview(url: string | null) {
  return useQuery({
    queryKey: linkPreviewKeys.shown(url ?? ''),
    queryFn: async () => (await getShownLinkPreview(url!)).preview,
    enabled: url !== null,
    staleTime: STALE_MS,
    retry: false,
  });
}

/** The composer's ask for `url`; its answer is the shown card's too. */
function composerQuery(queryClient: QueryClient, url: string) {
  return {
    queryKey: linkPreviewKeys.composer(url),
    queryFn: async () => {
      const { preview } = await askLinkPreview(url);
      // A shown card's read still on its way must not put the older answer back.
      await queryClient.cancelQueries({ queryKey: linkPreviewKeys.shown(url) });
      queryClient.setQueryData(linkPreviewKeys.shown(url), preview);
      return preview;
    },
    staleTime: STALE_MS,
    retry: false,
  };
}

/** The composer's card for `url`, fetched by the server if it has none yet. */
export function useComposerLinkPreview(url: string | null) {
  const queryClient = useQueryClient();
  return useQuery({ ...composerQuery(queryClient, url ?? ''), enabled: url !== null });
}

/**
 * A text sent before its link was asked for (typed or pasted and sent at once): when the composer
 * empties with a link it never asked about, ask now, so the sent text gets its card.
 */
export function useAskWhenSent(text: string) {
  const queryClient = useQueryClient();
  const link = cardLinkOf(text);
  const lastLink = useRef<string | null>(null);
  useEffect(() => {
    const pending = lastLink.current;
    lastLink.current = link;
    if (link || !pending || text.trim()) return;
    if (queryClient.getQueryData(linkPreviewKeys.composer(pending)) !== undefined) return;
    queryClient.fetchQuery(composerQuery(queryClient, pending)).catch(() => {});
  }, [link, text, queryClient]);
}
