import { MessageSquare, Users } from 'lucide-react';
import { Link } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { FORUM_MSG, type ForumGroupSummary } from '@common/forums/model';
import { GeneratedCover } from '@web/components/generated-cover';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';

/** The cover, or a generated one (colour and initials from the name) when the group has none. */
export function ForumCover({
  url,
  title,
  className,
}: {
  url: string | null;
  title: string;
  className?: string;
}) {
  return url ? (
    <img
      src={imageVariantUrl(url, 750)}
      srcSet={`${imageVariantUrl(url, 750)} 750w, ${imageVariantUrl(url, 1500)} 1500w`}
      sizes="(min-width: 64rem) 24rem, 100vw"
      alt=""
      loading="lazy"
      decoding="async"
      className={className ?? 'aspect-[3/1] w-full bg-muted object-cover'}
    />
  ) : (
    <GeneratedCover title={title} icon={MessageSquare} className={className ?? 'aspect-[3/1]'} />
  );
}

/** A forum group's card: cover, name, description, counts and the latest post's preview. */
export function ForumGroupCard({ group }: { group: ForumGroupSummary }) {
  const status = group.membership?.status;
  return (
    <Card className="relative flex w-full flex-col overflow-hidden focus-within:ring-2 focus-within:ring-ring">
      <ForumCover url={group.coverImage} title={group.name} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words">
            <Link to={`/forums/group/${group.id}`} className="outline-none after:absolute after:inset-0">
              {group.name}
            </Link>
          </h2>
          {status ? (
            <Badge variant={status === 'approved' ? 'secondary' : 'outline'} className="shrink-0">
              {status === 'approved'
                ? FORUM_MSG.roleLabels[group.membership!.role]
                : FORUM_MSG.requestPending}
            </Badge>
          ) : null}
        </div>
        {group.description ? (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">{group.description}</p>
        ) : null}
        {group.latestPost ? (
          // The padding sits outside the clamped box: inside it, a third line would peek through.
          <div className="rounded-md bg-muted/60 p-2 text-xs text-muted-foreground">
            <p className="line-clamp-2 break-words">
              <span className="font-medium text-foreground">{group.latestPost.title}</span>
              {group.latestPost.preview ? ` · ${group.latestPost.preview}` : ''}
            </p>
          </div>
        ) : null}
        <div className="mt-auto flex items-center gap-4 pt-2 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {FORUM_MSG.members(group.memberCount)}
          </span>
          <span className="flex items-center gap-1.5">
            <MessageSquare aria-hidden="true" className="size-4" />
            {FORUM_MSG.posts(group.postCount)}
          </span>
        </div>
      </div>
    </Card>
  );
}

export function ForumGridSkeleton() {
  return (
    <div role="status" aria-label="Loading forum groups" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse overflow-hidden">
          <div className="aspect-[3/1] bg-muted" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-4 w-2/3 rounded bg-muted" />
            <div className="h-3 w-full rounded bg-muted" />
          </div>
        </Card>
      ))}
    </div>
  );
}
