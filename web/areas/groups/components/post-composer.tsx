import { useId, useState } from 'react';
import { GROUP_MSG, GROUPS } from '@common/groups/model';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ComposerLinkCard } from '@web/components/link-card';
import { MentionTextarea } from '@web/components/mention-textarea';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCreatePost } from '../api/group-actions';
import { ImagePicker } from './image-picker';

/*
 * The post's schema (and the schema library) loads when the member starts writing, not with the
 * page (docs/decisions/043): it is needed only to check the post when it is sent.
 */
const loadSchemas = () => import('@common/groups/schemas');
const prefetchSchemas = () => void loadSchemas();

/** A member's new post: 1 to 1000 characters and an optional picture. */
export function PostComposer({ groupId }: { groupId: string }) {
  const [content, setContent] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const create = useCreatePost(groupId);
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { ZGroupPostContent } = await loadSchemas();
    const parsed = ZGroupPostContent.safeParse(content);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? GROUP_MSG.postEmpty);
    setError(null);
    create.mutate(
      { content, imageUrl },
      {
        onSuccess: () => {
          toast.success(GROUP_MSG.postCreated);
          setContent('');
          setImageUrl(null);
          setResetKey((k) => k + 1);
        },
        onError: (e) => {
          toast.error(
            GROUP_MSG.postFailed,
            isApiError(e) && e.message ? { description: e.message } : undefined,
          );
        },
      },
    );
  };

  return (
    <Card className="p-4">
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={prefetchSchemas}
        onPointerEnter={prefetchSchemas}
        noValidate
        className="flex flex-col gap-3"
      >
        <label htmlFor={id} className="sr-only">
          {GROUP_MSG.writePost}
        </label>
        <MentionTextarea
          id={id}
          value={content}
          placeholder={GROUP_MSG.writePost}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-info`}
          className="min-h-20"
        />
        <ComposerLinkCard text={content} onTextChange={setContent} />
        <p
          id={`${id}-info`}
          className={error ? 'text-sm text-destructive-text' : 'text-xs text-muted-foreground'}
          role={error ? 'alert' : undefined}
        >
          {error ?? `${content.length}/${GROUPS.postMax}`}
        </p>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ImagePicker
            key={resetKey}
            kind="post"
            label="Image"
            value={imageUrl}
            onChange={setImageUrl}
            previewClassName="max-h-60 rounded-lg border border-border object-cover"
          />
          <Button type="submit" disabled={create.isPending}>
            {GROUP_MSG.post}
          </Button>
        </div>
      </form>
    </Card>
  );
}
