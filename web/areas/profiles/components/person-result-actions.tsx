import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, UserCheck, UserMinus, UserPlus, UserRoundPlus } from 'lucide-react';
import { CONNECTION_MSG, type ConnectionState } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import { api, call } from '@web/lib/api';
import { refusalText } from '@web/lib/api-client';
import { profilesKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { sendFriendRequest } from '../api/connection-actions';
import { invalidatePeople } from '../api/invalidate';
import { useFollowToggle } from '../api/use-follow-toggle';

/** The viewer's state with one person, under the person's key (refreshed whenever they change). */
const stateKey = (userId: string) => [...profilesKeys.person(userId), 'state'] as const;

/**
 * Follow and Connect beside a person found by search (or anywhere a person is listed without
 * their profile view): their state with the viewer comes from GET /api/connections/:userId, asked
 * once the row shows; Follow flips at once (rapid taps collapse), Connect reads 'Request Sent'.
 * Friends show 'Friends'; a request they sent shows on their profile, where it is answered.
 */
export function PersonResultActions({
  viewerId,
  userId,
  name,
}: {
  viewerId: string;
  userId: string;
  name: string;
}) {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: stateKey(userId),
    queryFn: ({ signal }): Promise<ConnectionState> =>
      call(api.connections[':userId'].$get({ param: { userId } }, { init: { signal } })),
    staleTime: 30_000,
  });
  const follow = useFollowToggle({
    viewerId,
    userId,
    name,
    isFollowing: state.data?.isFollowing ?? false,
    onSettled: (isFollowing) =>
      queryClient.setQueryData<ConnectionState>(stateKey(userId), (s) => (s ? { ...s, isFollowing } : s)),
  });
  const connect = useMutation({
    mutationFn: () => sendFriendRequest(userId),
    onSuccess: (next) => {
      queryClient.setQueryData(stateKey(userId), next);
      toast.success(next.status === 'friends' ? CONNECTION_MSG.accepted : CONNECTION_MSG.requestSent);
    },
    onError: (error) => toast.error(CONNECTION_MSG.requestFailed, { description: refusalText(error) }),
    onSettled: () => invalidatePeople(queryClient, [userId, viewerId]),
  });
  if (!state.data || userId === viewerId) return null;
  const status = state.data.status;

  return (
    <div className="flex flex-wrap gap-2">
      {status === 'friends' ? (
        <Button variant="secondary" size="sm" disabled>
          <UserCheck aria-hidden="true" />
          {CONNECTION_MSG.friends}
        </Button>
      ) : (
        <>
          <Button
            variant={follow.isFollowing ? 'outline' : 'default'}
            size="sm"
            aria-label={`${follow.isFollowing ? CONNECTION_MSG.unfollow : CONNECTION_MSG.follow}: ${name}`}
            onClick={follow.toggle}
          >
            {follow.isFollowing ? <UserMinus aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
            {follow.isFollowing ? CONNECTION_MSG.unfollow : CONNECTION_MSG.follow}
          </Button>
          {status === 'friend_requested' || connect.isPending ? (
            <Button variant="outline" size="sm" disabled>
              <Clock aria-hidden="true" />
              {CONNECTION_MSG.requestSentLabel}
            </Button>
          ) : status === 'request_received' ? null : (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${CONNECTION_MSG.connect}: ${name}`}
              onClick={() => connect.mutate()}
            >
              <UserRoundPlus aria-hidden="true" />
              {CONNECTION_MSG.connect}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
