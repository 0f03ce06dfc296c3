import { Lock, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { GROUP_MSG, GROUPS, type GroupSummary } from '@common/groups/model';
import { toast } from '@web/lib/toast';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/**
 * The cover, or a soft gradient when the group has none. In a list of cards it loads as it comes
 * near the screen; as a page's banner (`isBanner`) it is the page's largest picture, fetched at once
 * and first, its copy chosen for the page's width.
 */
/** The stored copies of a group's cover, for an `<img srcset>` or a preload of it. */
export const coverSrcSet = (url: string) =>
  `${imageVariantUrl(url, 750)} 750w, ${imageVariantUrl(url, 1500)} 1500w`;
/** How wide the group page's banner is drawn: a phone takes the 750 copy. */
export const BANNER_SIZES = '(min-width: 64rem) 64rem, 100vw';

export function GroupCover({
  url,
  className,
  isBanner = false,
}: {
  url: string | null;
  className?: string;
  isBanner?: boolean;
}) {
  return url ? (
    <img
      src={imageVariantUrl(url, 750)}
      srcSet={coverSrcSet(url)}
      sizes={isBanner ? BANNER_SIZES : '(min-width: 64rem) 24rem, 100vw'}
      alt=""
      loading={isBanner ? 'eager' : 'lazy'}
      fetchPriority={isBanner ? 'high' : 'auto'}
      decoding="async"
      className={className ?? 'aspect-[3/1] w-full bg-muted object-cover'}
    />
  ) : (
    <div
      aria-hidden="true"
      className={`${className ?? 'aspect-[3/1] w-full'} bg-gradient-to-br from-primary/30 via-primary/10 to-muted`}
    />
  );
}

/** A group's card: cover, name, two lines of description, member count and View Group. */
export function GroupCard({ group, isSignedIn }: { group: GroupSummary; isSignedIn: boolean }) {
  const navigate = useNavigate();
  const view = () => {
    // A visitor is sent to sign in first.
    if (!isSignedIn) {
      toast.error(GROUP_MSG.authRequired, { description: GROUP_MSG.signInToJoin });
      const state: AuthNavigationState & { from: string } = {
        action: GROUP_MSG.signInJoin,
        from: `/groups/${group.id}`,
      };
      void navigate('/auth', { state });
      return;
    }
    void navigate(`/groups/${group.id}`);
  };
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <GroupCover url={group.coverImage} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words">
            {/* The name opens the group as View Group does (a visitor is asked to sign in first). */}
            <Link
              to={`/groups/${group.id}`}
              onClick={(event) => {
                event.preventDefault();
                view();
              }}
              className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {group.name}
            </Link>
          </h2>
          {group.isPrivate ? (
            <Badge variant="outline" className="shrink-0 gap-1">
              <Lock aria-hidden="true" className="size-3" />
              {GROUP_MSG.private}
            </Badge>
          ) : null}
        </div>
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{group.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Users aria-hidden="true" className="size-4" />
            {GROUP_MSG.members(group.memberCount)}
          </span>
          <Button size="sm" onClick={view} aria-label={`${GROUP_MSG.viewGroup}: ${group.name}`}>
            {GROUP_MSG.viewGroup}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The cards' shape while the first page loads. */
export function GroupGridSkeleton() {
  return (
    <div role="status" aria-label="Loading groups" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: GROUPS.skeletons }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse overflow-hidden">
          <div className="aspect-[3/1] w-full bg-muted" />
          <div className="p-4">
            <div className="h-4 w-2/3 rounded bg-muted" />
            <div className="mt-3 h-3.5 w-full rounded bg-muted" />
            <div className="mt-2 h-3.5 w-4/5 rounded bg-muted" />
            <div className="mt-5 flex items-center justify-between">
              <div className="h-3.5 w-20 rounded bg-muted" />
              <div className="h-9 w-24 rounded-md bg-muted" />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
