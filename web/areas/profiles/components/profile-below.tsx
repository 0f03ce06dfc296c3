import type { ConnectionList, ProfileStats } from '@common/profiles/model';
import { WhenNearView } from '@web/components/when-near-view';
import { ConnectionsCard } from './connections-card';
import { FriendRequestsCard } from './friend-requests-card';
import { MutualFriendsCard } from './mutual-friends-card';
import { ProfileSections } from './profile-slots';

/**
 * What a profile shows under its header (not on a restricted one): the connections card, the
 * friend requests (one's own) or mutual friends (someone else's), then the areas' sections. Its
 * own chunk, asked for once the header is painted (profile-page.tsx). The sections, their code
 * and their reads wait until their place comes within 300 px of the screen.
 */
export function ProfileBelow({
  userId,
  viewerId,
  isSelf,
  stats,
  tab,
  onTabChange,
}: {
  userId: string;
  viewerId: string;
  isSelf: boolean;
  stats: ProfileStats | null;
  tab: ConnectionList;
  onTabChange: (tab: ConnectionList) => void;
}) {
  return (
    <>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ConnectionsCard userId={userId} stats={stats} tab={tab} onTabChange={onTabChange} />
        {isSelf ? <FriendRequestsCard viewerId={viewerId} /> : <MutualFriendsCard userId={userId} />}
      </div>
      {/* Within 300 px: on a phone the cards fill the first screens, and the sections wait. */}
      <WhenNearView minHeight="1px" rootMargin="300px 0px">
        <ProfileSections userId={userId} isSelf={isSelf} />
      </WhenNearView>
    </>
  );
}
