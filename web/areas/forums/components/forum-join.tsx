import { Clock, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { FORUM_MSG, type ForumGroup } from '@common/forums/model';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useJoinForumGroup } from '../api/forum-actions';

/**
 * A signed-in non-member's way into a forum group (docs/decisions/026): the owner and moderators
 * approve every member, so 'Join Group' sends a request, then a disabled 'Request Pending' says what
 * the person may do meanwhile. Said once per page, beside the button: the replies, comments and
 * reactions below keep their controls closed without repeating why. Nothing for approved members.
 */
export function ForumJoin({ group }: { group: Pick<ForumGroup, 'id' | 'membership'> }) {
  const join = useJoinForumGroup(group.id);
  const hintId = useId();
  const m = group.membership;
  if (m?.status === 'approved') return null;
  const isPending = m?.status === 'pending';
  return (
    <div className="flex flex-col items-start gap-1.5">
      {isPending ? (
        <Button variant="outline" disabled aria-describedby={hintId}>
          <Clock aria-hidden="true" />
          {FORUM_MSG.requestPending}
        </Button>
      ) : (
        <Button
          disabled={join.isPending}
          aria-describedby={hintId}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: () => toast.success(FORUM_MSG.requestSent),
              onError: (error) =>
                toast.error(FORUM_MSG.joinFailed, { description: refusalText(error) ?? '' }),
            })
          }
        >
          <UserPlus aria-hidden="true" />
          {FORUM_MSG.joinGroup}
        </Button>
      )}
      <p id={hintId} className="max-w-sm text-xs text-muted-foreground">
        {isPending ? FORUM_MSG.pendingMeanwhile : FORUM_MSG.joinNeedsApproval}
      </p>
    </div>
  );
}
