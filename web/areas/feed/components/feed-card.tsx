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
}: {
  item: FeedItem;
  viewerId: string | null;
  heading: CardHeading;
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
      {item.imageUrl ? (
        // A box of known shape before the picture loads, so nothing under it moves when it
        // arrives: 16:9, cropped to fill (no taller than 20rem, as before).
        <img
          src={item.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="mt-3 aspect-video max-h-80 w-full rounded-lg border border-border object-cover"
        />
      ) : null}
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
