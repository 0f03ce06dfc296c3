import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { NOTIFICATION_TEXT, type Notification } from '@common/notifications/model';
import { CONNECTION_MSG } from '@common/profiles/model';
import { useAnswerFriendRequest } from '@web/areas/profiles/public-connections';
import { Button } from '@web/components/ui/button';

/** True for an unanswered friend request (answering it marks it read, on every tab). */
export function isPendingFriendRequest(n: Notification): boolean {
  return (
    n.type === 'connection_request' &&
    n.title === NOTIFICATION_TEXT.connectionRequest.title &&
    !n.read &&
    typeof n.data.from_user_id === 'string'
  );
}

/** Accept or Reject a friend request right in the dropdown (issue 21), beside the notification. */
export function FriendRequestAnswer({
  notification,
  viewerId,
}: {
  notification: Notification;
  viewerId: string;
}) {
  const answer = useAnswerFriendRequest(viewerId);
  const [isAnswered, setIsAnswered] = useState(false);
  const userId = notification.data.from_user_id as string;
  const name = notification.actor ? notification.actor.fullName || notification.actor.username : '';
  if (isAnswered) return null;
  const reply = (accept: boolean) =>
    answer.mutate({ userId, accept }, { onSuccess: () => setIsAnswered(true) });
  return (
    <div className="flex gap-2 pb-2 pl-15">
      <Button
        size="sm"
        disabled={answer.isPending}
        onClick={() => reply(true)}
        aria-label={`${CONNECTION_MSG.accept} ${name}`}
      >
        <Check aria-hidden="true" />
        {CONNECTION_MSG.accept}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={answer.isPending}
        onClick={() => reply(false)}
        aria-label={`${CONNECTION_MSG.reject} ${name}`}
      >
        <X aria-hidden="true" />
        {CONNECTION_MSG.reject}
      </Button>
    </div>
  );
}
