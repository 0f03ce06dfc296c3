import { ImagePlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { BUSINESS, BUSINESS_MSG, type BusinessPost } from '@common/business-pages/model';
import { ZBusinessPost } from '@common/business-pages/schemas';
import { imageVariantUrl } from '@common/core/uploads';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { ComposerLinkCard } from '@web/components/link-card';
import { MentionTextarea } from '@web/components/mention-textarea';
import { toast } from '@web/lib/toast';
import { useCreatePost, useUpdatePost } from '../api/post-mutations';
import { useImageUpload } from '../api/upload-business-image';

/** The owner's new post (or an author's edit): content required, an optional image. */
export function PostComposer({
  pageId,
  post,
  onDone,
}: {
  pageId: string;
  post?: BusinessPost;
  onDone?: () => void;
}) {
  const create = useCreatePost(pageId);
  const update = useUpdatePost(pageId, post?.id ?? '');
  const save = post ? update : create;
  const [content, setContent] = useState(post?.content ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(post?.imageUrl ?? null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload('content');
  const id = post ? `post-edit-${post.id}` : 'post-new';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZBusinessPost.safeParse({ content, imageUrl });
    if (!parsed.success) {
      setError(BUSINESS_MSG.postRequired);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        setContent('');
        setImageUrl(null);
        onDone?.();
      },
      onError: () => toast.error(post ? BUSINESS_MSG.updatePostFailed : BUSINESS_MSG.createPostFailed),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={id} className="sr-only">
        {BUSINESS_MSG.postPlaceholder}
      </Label>
      <MentionTextarea
        id={id}
        value={content}
        maxLength={BUSINESS.postMax}
        rows={3}
        placeholder={BUSINESS_MSG.postPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
      />
      <ComposerLinkCard text={content} onTextChange={setContent} />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
      {imageUrl ? (
        <div className="flex items-start gap-2">
          <img src={imageVariantUrl(imageUrl, 800)} alt="" className="h-24 rounded-md object-cover" />
          <Button variant="ghost" size="sm" onClick={() => setImageUrl(null)}>
            {BUSINESS_MSG.delete}
          </Button>
        </div>
      ) : null}
      {upload.isUploading ? (
        <UploadProgress percent={upload.percent} label="Image upload" onCancel={upload.cancel} />
      ) : null}
      <div className="flex justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={upload.isUploading}
        >
          <ImagePlus aria-hidden="true" />
          {BUSINESS_MSG.addImage}
        </Button>
        <div className="flex gap-2">
          {onDone && post ? (
            <Button variant="outline" size="sm" onClick={onDone}>
              {BUSINESS_MSG.cancel}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={save.isPending || upload.isUploading}>
            {post ? BUSINESS_MSG.save : BUSINESS_MSG.post}
          </Button>
        </div>
      </div>
      <ImageFileInput
        ref={input}
        label="Post image file"
        onFile={(file) => void upload.upload(file).then((url) => url && setImageUrl(url))}
      />
    </form>
  );
}
