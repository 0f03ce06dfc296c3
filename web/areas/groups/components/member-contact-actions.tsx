import { useMutation } from '@tanstack/react-query';
import { Check, MessageCircle, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { GROUP_MEMBER_CONTACT_MSG as MSG } from '@common/groups/model';
import type { ConnectionState, PersonSummary } from '@common/profiles/model';
import { displayName } from '@common/profiles/model';
import { useMe } from '@web/lib/me';
import { useChat } from '@web/areas/messages/public';
import { Button } from '@web/components/ui/button';
import { api, call } from '@web/lib/api';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';

/**
 * Connect and Message beside a member in a group's members list, for a signed-in member and never
 * on their own row. Connect sends a connection request (a friend request) and then reads a
 * disabled 'Request Sent' ('Friends' when both had asked); Message opens the chat with them.
 */
export function MemberContactActions({ person }: { person: PersonSummary }) {
  const { viewer } = useMe();
  const { openChat } = useChat();
  const [state, setState] = useState<ConnectionState['status'] | null>(null);
  const name = displayName(person);
  const request = useMutation({
    mutationFn: () => call(api.connections[':userId'].request.$post({ param: { userId: person.id } })),
    onSuccess: (next) => {
      setState(next.status);
      toast.success(MSG.requestSent, { description: MSG.connectionRequestSent });
    },
    onError: (error) => toast.error(MSG.connectionRequestFailed, { description: refusalText(error) }),
  });
  if (!viewer || viewer.id === person.id) return null;
  const sent = state === 'friend_requested' || state === 'friends';
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        size="sm"
        variant="outline"
        className="h-8 px-2"
        disabled={sent || request.isPending}
        aria-label={
          sent ? `${state === 'friends' ? MSG.friends : MSG.requestSent}: ${name}` : `${MSG.connect}: ${name}`
        }
        title={sent ? undefined : MSG.connect}
        onClick={() => request.mutate()}
      >
        {sent ? <Check aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        <span className={sent ? undefined : 'sr-only'}>
          {sent ? (state === 'friends' ? MSG.friends : MSG.requestSent) : MSG.connect}
        </span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 px-2"
        aria-label={`${MSG.message}: ${name}`}
        title={MSG.message}
        onClick={() => openChat(person.id)}
      >
        <MessageCircle aria-hidden="true" />
      </Button>
    </div>
  );
}
