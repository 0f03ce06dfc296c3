import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { CONNECTION_MSG } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { followUser, unfollowUser } from '../api/connection-actions';
import { invalidatePeople } from '../api/invalidate';

/**
 * The compact connect button (suggested people): Connect sends a connection request (a follow,
 * which notifies them) and reads 'Connected'; tapping 'Connected' removes that connection again.
 * 'Connection request sent' / 'Connection removed', or 'Failed to update connection' and the
 * button back as it was.
 */
export function CompactConnectButton({
  viewerId,
  userId,
  name,
  onChanged,
}: {
  viewerId: string;
  userId: string;
  name: string;
  onChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const toggle = useMutation({
    mutationFn: (connect: boolean) => (connect ? followUser(userId) : unfollowUser(userId)),
    onMutate: (connect) => setConnected(connect),
    onSuccess: (state, connect) => {
      setConnected(state.isFollowing);
      toast.success(connect ? CONNECTION_MSG.connectionRequestSent : CONNECTION_MSG.connectionRemoved);
      onChanged?.();
    },
    onError: (error, connect) => {
      setConnected(!connect);
      toast.error(CONNECTION_MSG.updateFailed, { description: refusalText(error) });
    },
    onSettled: () => invalidatePeople(queryClient, [userId, viewerId]),
  });
  return (
    <Button
      size="sm"
      variant={connected ? 'secondary' : 'outline'}
      aria-pressed={connected}
      aria-label={`${connected ? CONNECTION_MSG.connected : CONNECTION_MSG.connect}: ${name}`}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!connected)}
    >
      {connected ? <Check aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {connected ? CONNECTION_MSG.connected : CONNECTION_MSG.connect}
    </Button>
  );
}
