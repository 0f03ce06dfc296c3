import { Users, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { dismissSuggestedGroups, useSuggestedGroups } from '../api/get-suggested-groups';

/** The card's own words (issue 21; the spec has none for it). */
const TEXT = {
  heading: 'Groups you might join',
  seeAll: 'See all groups',
  dismiss: 'Hide suggested groups',
  // GROUP_MSG.members's words; that module is not loaded for one line on the home page.
  members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
};

/**
 * A member's home card (issue 21): the newest public groups they are not in, each leading to its
 * page (where they ask to join). Hidden when there are none; the member may hide it for good.
 */
export function SuggestedGroupsCard({ viewerId }: { viewerId: string }) {
  const query = useSuggestedGroups();
  const [isDismissed, setIsDismissed] = useState(false);
  const groups = query.data?.items ?? [];
  if (isDismissed || groups.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="suggested-groups-heading">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="suggested-groups-heading" className="text-base font-semibold">
            {TEXT.heading}
          </h2>
          <Button
            size="icon"
            variant="ghost"
            aria-label={TEXT.dismiss}
            title={TEXT.dismiss}
            onClick={() => {
              dismissSuggestedGroups(viewerId);
              setIsDismissed(true);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <ul aria-labelledby="suggested-groups-heading" className="flex flex-col gap-1">
          {groups.map((group) => (
            <li key={group.id}>
              <Link
                to={`/groups/${group.id}`}
                className="flex min-w-0 items-center gap-3 rounded-lg p-2 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Avatar src={group.coverImage} name={group.name} className="size-10 rounded-lg" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{group.name}</span>
                  <span className="flex items-center gap-1 text-xs text-muted-foreground">
                    <Users aria-hidden="true" className="size-3" />
                    {TEXT.members(group.memberCount)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to="/groups"
          className="mt-2 inline-block rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {TEXT.seeAll}
        </Link>
      </section>
    </Card>
  );
}
