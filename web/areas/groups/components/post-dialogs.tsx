import { useId, useState } from 'react';
import { GROUP_MSG, GROUPS, type GroupPost } from '@common/groups/model';
import { displayName } from '@common/profiles/model';
import { mentionsToPlain } from '@common/core/mentions';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useDeletePost, useSharePost } from '../api/group-actions';

/*
 * A post's dialogs, in a chunk of their own: a post card loads them when one of them is first
 * opened (docs/decisions/043), so the group page's first view does not evaluate the dialog code.
 */

type DialogProps = { post: GroupPost; open: boolean; onOpenChange: (open: boolean) => void };

/** Delete, for the post's author and the group's admins: asks first, then removes and says so. */
export function DeletePostDialog({ post, isOwn, open, onOpenChange }: DialogProps & { isOwn: boolean }) {
  const remove = useDeletePost(post.groupId);
  const name = displayName(post.author);
  // mutateAsync: the deleted post's card unmounts when the posts refetch, and the toast must
  // still be said.
  const confirm = () =>
    remove.mutateAsync(post.id).then(
      () => {
        onOpenChange(false);
        toast.success(GROUP_MSG.postDeleted);
      },
      (e) =>
        toast.error(
          GROUP_MSG.deletePostFailed,
          isApiError(e) && e.message ? { description: e.message } : undefined,
        ),
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.deletePostTitle}</DialogTitle>
          <DialogDescription>
            {isOwn ? GROUP_MSG.deletePostConfirm : GROUP_MSG.removePostConfirm(name)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {GROUP_MSG.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {GROUP_MSG.deletePost}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Share on the feed, with an optional comment (members). */
export function SharePostDialog({ post, open, onOpenChange }: DialogProps) {
  const [comment, setComment] = useState('');
  const share = useSharePost(post.groupId);
  const fieldId = useId();
  const submit = () =>
    share.mutate(
      { postId: post.id, comment: comment.trim() || null },
      {
        onSuccess: () => {
          toast.success(GROUP_MSG.postShared);
          onOpenChange(false);
          setComment('');
        },
        onError: () => toast.error(GROUP_MSG.shareFailed),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.share}</DialogTitle>
          <DialogDescription className="line-clamp-3">{mentionsToPlain(post.content)}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{GROUP_MSG.shareComment}</Label>
          <Textarea
            id={fieldId}
            value={comment}
            maxLength={GROUPS.shareCommentMax}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {GROUP_MSG.cancel}
          </Button>
          <Button onClick={submit} disabled={share.isPending}>
            {GROUP_MSG.share}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
