import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FORUM_MSG, FORUMS, type ForumPost, type ForumReply } from '@common/forums/model';
import { ZCreateForumReply, ZEditForumPost } from '@common/forums/schemas';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { MentionTextarea } from '@web/components/mention-textarea';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import {
  useDeleteForumPost,
  useDeleteForumReply,
  useEditForumPost,
  useEditForumReply,
} from '../api/forum-actions';

/*
 * An author's Edit and Delete on their own forum post or reply (docs/decisions/026): each asks
 * first (a form or a confirmation), says so in a toast, and the page follows live for everyone.
 */

function IconButton({ label, onClick, danger }: { label: string; onClick: () => void; danger?: boolean }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className={danger ? 'h-8 px-2 text-destructive' : 'h-8 px-2'}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {danger ? <Trash2 aria-hidden="true" /> : <Pencil aria-hidden="true" />}
    </Button>
  );
}

function ConfirmDelete({
  open,
  onOpenChange,
  title,
  description,
  isBusy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  isBusy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
            {FORUM_MSG.cancel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={isBusy}>
            {FORUM_MSG.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Edit and Delete on one's own post (Edit not once it is locked). */
export function PostAuthorActions({ post }: { post: ForumPost }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditForumPost(post.id, post.group.id);
  const remove = useDeleteForumPost(post.id, post.group.id);
  const navigate = useNavigate();
  const titleId = useId();
  const contentId = useId();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZEditForumPost.safeParse({ title, content });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FORUM_MSG.changeFailed);
    setError(null);
    edit.mutate(parsed.data, {
      onSuccess: () => {
        setIsEditing(false);
        toast.success(FORUM_MSG.postUpdated);
      },
      onError: (e) => toast.error(refusalText(e) ?? FORUM_MSG.changeFailed),
    });
  };
  return (
    <>
      {post.isLocked ? null : (
        <IconButton
          label={FORUM_MSG.editPostTitle}
          onClick={() => {
            setTitle(post.title);
            setContent(post.content);
            setIsEditing(true);
          }}
        />
      )}
      <IconButton label={FORUM_MSG.deletePostTitle} danger onClick={() => setIsDeleting(true)} />
      <EditDialog
        open={isEditing}
        onOpenChange={setIsEditing}
        title={FORUM_MSG.editPostTitle}
        onSubmit={save}
        error={error}
        isBusy={edit.isPending}
      >
        <Label htmlFor={titleId}>{FORUM_MSG.title}</Label>
        <Input
          id={titleId}
          value={title}
          maxLength={FORUMS.titleMax}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Label htmlFor={contentId}>{FORUM_MSG.content}</Label>
        <MentionTextarea
          id={contentId}
          value={content}
          maxLength={FORUMS.contentMax}
          onChange={(e) => setContent(e.target.value)}
          className="min-h-32"
        />
      </EditDialog>
      <ConfirmDelete
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={FORUM_MSG.deletePostTitle}
        description={FORUM_MSG.deletePostConfirm}
        isBusy={remove.isPending}
        // The promise, not mutate's callbacks: the live update may unmount this page first.
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              toast.success(FORUM_MSG.postDeleted);
              void navigate(`/forums/group/${post.group.id}`, { replace: true });
            },
            (e: unknown) => toast.error(refusalText(e) ?? FORUM_MSG.changeFailed),
          )
        }
      />
    </>
  );
}

/** Edit and Delete on one's own reply (Edit not in a locked post). */
export function ReplyAuthorActions({ reply, isLocked }: { reply: ForumReply; isLocked: boolean }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [content, setContent] = useState(reply.content);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditForumReply(reply.postId);
  const remove = useDeleteForumReply(reply.postId);
  const contentId = useId();
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateForumReply.safeParse({ content });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FORUM_MSG.changeFailed);
    setError(null);
    edit.mutate(
      { replyId: reply.id, content: parsed.data.content },
      {
        onSuccess: () => {
          setIsEditing(false);
          toast.success(FORUM_MSG.replyUpdated);
        },
        onError: (e) => toast.error(refusalText(e) ?? FORUM_MSG.changeFailed),
      },
    );
  };
  return (
    <>
      {isLocked ? null : (
        <IconButton
          label={FORUM_MSG.editReplyTitle}
          onClick={() => {
            setContent(reply.content);
            setIsEditing(true);
          }}
        />
      )}
      <IconButton label={FORUM_MSG.deleteReplyTitle} danger onClick={() => setIsDeleting(true)} />
      <EditDialog
        open={isEditing}
        onOpenChange={setIsEditing}
        title={FORUM_MSG.editReplyTitle}
        onSubmit={save}
        error={error}
        isBusy={edit.isPending}
      >
        <Label htmlFor={contentId}>{FORUM_MSG.yourReply}</Label>
        <MentionTextarea
          id={contentId}
          value={content}
          maxLength={FORUMS.replyMax}
          onChange={(e) => setContent(e.target.value)}
          className="min-h-24"
        />
      </EditDialog>
      <ConfirmDelete
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={FORUM_MSG.deleteReplyTitle}
        description={FORUM_MSG.deleteReplyConfirm}
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(reply.id, {
            onSuccess: () => {
              setIsDeleting(false);
              toast.success(FORUM_MSG.replyDeleted);
            },
            onError: (e) => toast.error(refusalText(e) ?? FORUM_MSG.changeFailed),
          })
        }
      />
    </>
  );
}

/** The edit form of a post or a reply: its fields, the error in words, Cancel and Save. */
function EditDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  error,
  isBusy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  isBusy: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          {children}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
              {FORUM_MSG.cancel}
            </Button>
            <Button type="submit" disabled={isBusy}>
              {FORUM_MSG.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
