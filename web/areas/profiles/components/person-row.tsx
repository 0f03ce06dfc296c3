import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName, type PersonSummary } from '@common/profiles/model';
import { imageVariantUrl } from '@common/core/uploads';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';

/** A person in a list: avatar and name linking to their profile, headline under it, actions after. */
export function PersonRow({
  person,
  actions,
  className,
}: {
  person: PersonSummary;
  actions?: ReactNode;
  className?: string;
}) {
  const name = displayName(person);
  return (
    <div className={cn('flex items-center gap-3 rounded-md px-2 py-2', className)}>
      <Link
        to={`/profile/${person.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar src={imageVariantUrl(person.avatarUrl, 96)} name={name} className="size-10" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium hover:underline">{name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {person.title || `@${person.username}`}
          </span>
        </span>
      </Link>
      {actions ? <div className="flex shrink-0 items-center gap-1.5">{actions}</div> : null}
    </div>
  );
}

/** A grey stand-in of a row while its list loads. */
export function PersonRowSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3 px-2 py-2">
      <Skeleton className="size-10 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-3.5 w-2/5" />
        <Skeleton className="h-3 w-1/4" />
      </div>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}
