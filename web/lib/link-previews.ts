import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkPreview } from '@common/core/link-previews';
import { api, call } from './api';

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

/** The composer's card for `url`, fetched by the server if it has none yet. */
export function useComposerLinkPreview(url: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: linkPreviewKeys.composer(url ?? ''),
    queryFn: async () => {
      const { preview } = await askLinkPreview(url!);
      queryClient.setQueryData(linkPreviewKeys.shown(url!), preview);
      return preview;
    },
    enabled: url !== null,
    staleTime: STALE_MS,
    retry: false,
  });
}
