import { Link } from 'react-router';
import { FORUM_MSG } from '@common/forums/model';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { ProfileListSection } from '@web/components/profile-section-card';
import { ForumCover } from './components/forum-group-card';
import { useForumCommunities } from './api/get-forum-groups';

const PAGE_SIZE = 6;

/** The communities slot's forums part: the forum groups the person is an approved member of. */
export function MemberForums({ userId, title }: ProfileSectionProps) {
  const query = useForumCommunities(userId, PAGE_SIZE);
  return (
    <ProfileListSection title={title} query={query}>
      {(items) => (
        <>
          <h3 className="mb-2 text-sm font-medium text-muted-foreground">{FORUM_MSG.communities}</h3>
          <ul aria-label={FORUM_MSG.communities} className="grid gap-3 sm:grid-cols-2">
            {items.map((g) => (
              <li key={g.id} className="flex min-w-0 items-center gap-3">
                <ForumCover
                  url={g.coverImage}
                  title={g.name}
                  className="aspect-[3/1] w-24 shrink-0 rounded-md border border-border object-cover"
                />
                <div className="flex min-w-0 flex-col">
                  <Link
                    to={`/forums/group/${g.id}`}
                    className="truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {g.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">{FORUM_MSG.members(g.memberCount)}</span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileListSection>
  );
}
