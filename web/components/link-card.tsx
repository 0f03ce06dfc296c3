import { X } from 'lucide-react';
import { LINK_PREVIEW_MSG, type LinkPreview } from '@common/core/link-previews';
import { cn } from '@web/lib/cn';
import { cardLinkOf, withoutCard } from '@web/lib/linkify';
import { useAskWhenSent, useComposerLinkPreview, useShownLinkPreview } from '@web/lib/link-previews';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

/*
 * The card a text shows for its first link (docs/decisions/028): the page's title, description and
 * picture as the server stored them (the picture is our own copy, never the page's address). A
 * link the server could not preview shows no card: the plain link in the text is enough.
 */

type LinkCardProps = {
  preview: LinkPreview;
  /** compact: a thumbnail beside the words (the composer); stacked: the picture above (a post). */
  layout?: 'compact' | 'stacked';
  /** Shown in the composer: takes the card off before posting. */
  onRemove?: () => void;
  className?: string;
};

export function LinkCard({ preview, layout = 'stacked', onRemove, className }: LinkCardProps) {
  const isCompact = layout === 'compact';
  return (
    <div
      className={cn(
        'relative w-full overflow-hidden rounded-xl border border-border bg-card text-card-foreground',
        isCompact ? 'max-w-full' : 'max-w-sm',
        className,
      )}
      data-testid="link-card"
    >
      <a
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        aria-label={LINK_PREVIEW_MSG.cardLabel(preview.title)}
        className={cn(
          'flex hover:bg-muted/50 focus-visible:bg-muted/50',
          isCompact ? 'flex-row' : 'flex-col',
        )}
      >
        {preview.imageUrl ? (
          <img
            src={preview.imageUrl}
            alt=""
            loading="lazy"
            className={cn(
              'shrink-0 bg-muted object-cover',
              isCompact ? 'size-16 sm:size-20' : 'aspect-[1.91/1] w-full',
            )}
          />
        ) : null}
        <span className={cn('flex min-w-0 flex-col gap-0.5 p-3', onRemove && 'pr-10')}>
          {preview.siteName ? (
            <span className="truncate text-xs text-muted-foreground">{preview.siteName}</span>
          ) : null}
          <span className="line-clamp-2 text-sm leading-snug font-semibold">{preview.title}</span>
          {preview.description ? (
            <span
              className={cn(
                'text-xs leading-snug text-muted-foreground',
                isCompact ? 'line-clamp-1' : 'line-clamp-2',
              )}
            >
              {preview.description}
            </span>
          ) : null}
        </span>
      </a>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={LINK_PREVIEW_MSG.remove}
          title={LINK_PREVIEW_MSG.remove}
          className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full bg-background/90 text-muted-foreground shadow-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/** The card of a posted text (a message, post or comment), when the server has one for its link. */
export function TextLinkCard({ text, className }: { text: string; className?: string }) {
  const url = cardLinkOf(text);
  const { data: preview } = useShownLinkPreview(url);
  return preview ? <LinkCard preview={preview} className={className} /> : null;
}

/**
 * The composer's card for the link being typed, with a button that takes it off (the link is then
 * written `<https://…>`, and stays a link). Asked for once the text has settled.
 */
export function ComposerLinkCard({
  text,
  onTextChange,
  className,
}: {
  text: string;
  onTextChange: (text: string) => void;
  className?: string;
}) {
  const url = useDebouncedValue(cardLinkOf(text), 500);
  const { data: preview } = useComposerLinkPreview(url);
  useAskWhenSent(text);
  // The card follows the text: none once the link is gone or bracketed.
  if (!preview || cardLinkOf(text) !== url) return null;
  return (
    <LinkCard
      preview={preview}
      layout="compact"
      onRemove={() => onTextChange(withoutCard(text))}
      className={className}
    />
  );
}
