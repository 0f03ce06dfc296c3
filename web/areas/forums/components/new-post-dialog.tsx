import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FORUM_CATEGORIES, FORUM_CATEGORY_LABELS, FORUM_MSG, FORUMS } from '@common/forums/model';
import { ZCreateForumPost } from '@common/forums/schemas';
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
import { ComposerLinkCard } from '@web/components/link-card';
import { MentionTextarea } from '@web/components/mention-textarea';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCreateForumPost } from '../api/forum-actions';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm';

/** Create New Post (approved members): title, content and one of the four categories. */
export function NewPostDialog({ groupId }: { groupId: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState('');
  const create = useCreateForumPost(groupId);
  const navigate = useNavigate();
  const ids = { title: useId(), content: useId(), category: useId() };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateForumPost.safeParse({ title, content, category: category || undefined });
    if (!parsed.success) {
      toast.error(FORUM_MSG.validationError, { description: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (post) => {
        toast.success(FORUM_MSG.postCreated);
        setOpen(false);
        setTitle('');
        setContent('');
        setCategory('');
        void navigate(`/forums/post/${post.id}`);
      },
      onError: (error) => toast.error(FORUM_MSG.postFailed, { description: refusalText(error) ?? '' }),
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {FORUM_MSG.createPost}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{FORUM_MSG.createPost}</DialogTitle>
              <DialogDescription className="sr-only">{FORUM_MSG.createPost}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={ids.title}>{FORUM_MSG.title}</Label>
              <Input
                id={ids.title}
                value={title}
                maxLength={FORUMS.titleMax}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.category}>{FORUM_MSG.category}</Label>
              <select
                id={ids.category}
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                className={selectClass}
              >
                <option value="" disabled>
                  {FORUM_MSG.category}
                </option>
                {FORUM_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {FORUM_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.content}>{FORUM_MSG.content}</Label>
              <MentionTextarea
                id={ids.content}
                value={content}
                maxLength={FORUMS.contentMax}
                onChange={(e) => setContent(e.target.value)}
                className="min-h-40"
              />
              <ComposerLinkCard text={content} onTextChange={setContent} />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {FORUM_MSG.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {FORUM_MSG.submitPost}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
