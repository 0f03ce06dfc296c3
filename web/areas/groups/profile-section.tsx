import { Link } from 'react-router';
import { GROUP_MSG } from '@common/groups/model';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { ProfileListSection } from '@web/components/profile-section-card';
import { Badge } from '@web/components/ui/badge';
import { GroupCover } from './components/group-card';
import { useCommunities } from './api/get-groups';

const PAGE_SIZE = 6;

/**
 * The communities card's groups part (it shares the card with forum groups): the person's groups
 * as the viewer may see them (a private group only to its members), each with its privacy badge
 * and an Admin badge where the person is one; nothing while loading or when there are none.
 */
export function MemberGroups({ userId, title }: ProfileSectionProps) {
  const query = useCommunities(userId, PAGE_SIZE);
  return (
    <ProfileListSection title={title} query={query}>
      {(items) => (
        <>
          <h3 className="mb-2 text-sm font-medium text-muted-foreground">{GROUP_MSG.heading}</h3>
          <ul aria-label={GROUP_MSG.heading} className="grid gap-3 sm:grid-cols-2">
            {items.map((g) => (
              <li key={g.id} className="flex min-w-0 items-center gap-3">
                <GroupCover
                  url={g.coverImage}
                  className="aspect-[3/1] w-24 shrink-0 rounded-md border border-border object-cover"
                />
                <div className="flex min-w-0 flex-col">
                  <Link
                    to={`/groups/${g.id}`}
                    className="truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {g.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">{GROUP_MSG.members(g.memberCount)}</span>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <Badge variant="outline">{g.isPrivate ? GROUP_MSG.private : GROUP_MSG.public}</Badge>
                    {g.memberRole === 'admin' ? <Badge variant="secondary">{GROUP_MSG.admin}</Badge> : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileListSection>
  );
}
