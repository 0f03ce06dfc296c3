import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@web/lib/toast';
import { FEED_MSG, type FeedItem } from '@common/feed/model';
import { displayName } from '@common/profiles/first-view-texts';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { isAppPath } from '@web/app/routing/app-paths';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { ArticleCardFooter } from './feed-engagement-view';
import { mentionsToPlain } from '@common/core/mention-token';
import { IMAGE_PRESETS, imageVariantUrl, parseImageUrl } from '@common/core/uploads';

export type CardHeading = 'h2' | 'h3';

/** Links and buttons drawn above a card's stretched link, so they stay clickable on their own. */
export const ABOVE_STRETCHED = 'relative z-10';
/** The card's main link: its ::after covers the whole card. */
export const STRETCHED_LINK =
  'rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:underline';

/** A card's frame: hover lift, and the focus ring of its stretched link drawn around it. */
export function FeedCardFrame({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <Card
      className={cn(
        'relative p-4 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md sm:p-5',
        className,
      )}
    >
      {children}
    </Card>
  );
}

/** Who posted and when, with the kind's badge: avatar and name lead to their profile. */
export function FeedAuthorRow({ item }: { item: FeedItem }) {
  const name = displayName(item.author);
  const profileHref = `/profile/${item.author.id}`;
  return (
    <div className="flex items-start gap-3">
      {/* The name next to it is the same link for keyboards and screen readers. */}
      <Link to={profileHref} tabIndex={-1} aria-hidden="true" className={cn(ABOVE_STRETCHED, 'shrink-0')}>
        <Avatar src={item.author.avatarUrl} name={name} className="size-10" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* The full name leads; the username follows when it says something more. */}
        <div className="flex min-w-0 items-baseline gap-1.5">
          <Link
            to={profileHref}
            className={cn(
              ABOVE_STRETCHED,
              'w-fit max-w-full min-w-0 truncate rounded-sm text-sm font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {name}
          </Link>
          {item.author.username && name !== item.author.username ? (
            <span className="min-w-0 shrink truncate text-xs text-muted-foreground">
              @{item.author.username}
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          {item.author.title ? (
            <>
              <span className="truncate">{item.author.title}</span>
              <span aria-hidden="true">·</span>
            </>
          ) : null}
          <RelativeTime value={item.createdAt} />
        </div>
      </div>
      <Badge variant="secondary">{item.label}</Badge>
    </div>
  );
}

/** Whether the app has a page at an item's link (its path, without query or fragment). */
function opensInApp(link: string | null): link is string {
  return !!link && link.startsWith('/') && isAppPath(link.replace(/[?#].*$/, ''));
}

/**
 * A content card (article, post, event, idea, forum, business), drawn from what the item says:
 * its badge, title, text, image and link. The title is the card's link; a visitor following one
 * whose details need an account gets the sign-in prompt instead.
 */
export function FeedCard({
  item,
  viewerId,
  heading: Heading,
  isFirst = false,
}: {
  item: FeedItem;
  viewerId: string | null;
  heading: CardHeading;
  /** The list's first card: its picture is likely the largest thing on the first screen. */
  isFirst?: boolean;
}) {
  const isVisitor = viewerId === null;
  const { prompt } = useSignInPrompt();
  const signInAction = isVisitor ? item.signInAction : null;
  const link = opensInApp(item.link) ? item.link : null;
  const onOpen = (event: MouseEvent) => {
    // The feed's guard ('Article Unavailable'): an item whose link names no page leads nowhere.
    if (!link) {
      event.preventDefault();
      toast.error(FEED_MSG.unavailableTitle(item.label), { description: FEED_MSG.unavailable(item.label) });
      return;
    }
    if (!signInAction) return;
    event.preventDefault();
    prompt(signInAction);
  };

  return (
    <FeedCardFrame>
      <FeedAuthorRow item={item} />
      <Heading className="mt-3 text-base leading-snug font-semibold break-words">
        <Link to={link ?? '#'} onClick={onOpen} className={STRETCHED_LINK}>
          {item.title}
        </Link>
      </Heading>
      {item.description ? (
        <p className="mt-1.5 line-clamp-4 text-sm break-words whitespace-pre-line text-muted-foreground">
          {mentionsToPlain(item.description)}
        </p>
      ) : null}
      {item.imageUrl ? <FeedCardImage url={item.imageUrl} isFirst={isFirst} /> : null}
      {item.engagement ? (
        <ArticleCardFooter
          engagement={item.engagement}
          viewerId={viewerId}
          link={link}
          signInAction={signInAction}
        />
      ) : null}
    </FeedCardFrame>
  );
}

/** The feed column's width: the card's picture copy is chosen for it. */
const FEED_IMAGE_SIZES = '(min-width: 48rem) 45rem, 100vw';

/**
 * A card's picture, in a box of known shape before it loads (nothing under it moves when it
 * arrives): a banner keeps its 3:1, anything else gets 16:9, no taller than 20rem, cropped to fill.
 * Our uploads offer each stored copy for the browser to pick by width. The first card's picture
 * loads at once and first; the others as they come near the screen.
 */
function FeedCardImage({ url, isFirst }: { url: string; isFirst: boolean }) {
  const image = parseImageUrl(url);
  const srcSet = image
    ? IMAGE_PRESETS[image.preset].sizes.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ')
    : undefined;
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? FEED_IMAGE_SIZES : undefined}
      alt=""
      loading={isFirst ? 'eager' : 'lazy'}
      fetchPriority={isFirst ? 'high' : 'auto'}
      decoding="async"
      className={cn(
        'mt-3 max-h-80 w-full rounded-lg border border-border object-cover',
        image?.preset === 'cover'
          ? 'aspect-[3/1]'
          : image?.preset === 'avatar'
            ? 'aspect-square'
            : 'aspect-video',
      )}
    />
  );
}
