import { Ban, UserMinus } from 'lucide-react';
import { CONNECTION_MSG, PROFILE_REPORT_TARGET } from '@common/profiles/model';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ReportMenuItem } from '@web/components/report/report-menu-item';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { MoreButton } from './more-button';

export type Confirming = 'unfriend' | 'block' | null;

/**
 * The "more" menu of someone else's profile (reject a friend request, report, block) and the two
 * confirmations (remove friend, block). Its own chunk with the menu, dialog and report code, which
 * the first screen does not need: profile-actions.tsx shows the same button until it has come, and
 * asks for it only when it is about to be used.
 */
export function PersonMoreMenu({
  userId,
  name,
  hasRequest,
  isOpen,
  onOpenChange,
  confirming,
  onConfirming,
  onReject,
  unfriend,
  block,
}: {
  userId: string;
  name: string;
  /** They sent the viewer a friend request: the menu offers to reject it. */
  hasRequest: boolean;
  /** Open or closed (kept by profile-actions.tsx: a press before this chunk came opens it). */
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  confirming: Confirming;
  onConfirming: (confirming: Confirming) => void;
  onReject: () => void;
  unfriend: { isBusy: boolean; confirm: (done: () => void) => void };
  block: { isBusy: boolean; confirm: (done: () => void) => void };
}) {
  const closeConfirm = () => onConfirming(null);
  return (
    <>
      <DropdownMenu modal={false} open={isOpen} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>
          <MoreButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {hasRequest ? (
            <DropdownMenuItem onSelect={onReject}>
              <UserMinus aria-hidden="true" />
              Reject friend request
            </DropdownMenuItem>
          ) : null}
          <ReportMenuItem target={{ ...PROFILE_REPORT_TARGET, id: userId }} ownerId={userId} />
          <DropdownMenuItem variant="destructive" onSelect={() => onConfirming('block')}>
            <Ban aria-hidden="true" />
            Block
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming === 'unfriend'}
        onOpenChange={(open) => (open ? undefined : closeConfirm())}
        title={CONNECTION_MSG.removeFriendConfirm(name)}
        description="You will stop following each other. You can send a new friend request later."
        confirmLabel="Remove friend"
        isBusy={unfriend.isBusy}
        onConfirm={() => unfriend.confirm(closeConfirm)}
      />
      <ConfirmDialog
        open={confirming === 'block'}
        onOpenChange={(open) => (open ? undefined : closeConfirm())}
        title={`Block ${name}?`}
        description="Your connections with them are removed, and neither of you can follow, befriend or message the other. You can unblock them later."
        confirmLabel="Block"
        isBusy={block.isBusy}
        onConfirm={() => block.confirm(closeConfirm)}
      />
    </>
  );
}
