import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { FORUM_MSG, FORUMS } from '@common/forums/model';
import { ZForumGroupFields } from '@common/forums/schemas';
import { ImageFileInput } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useCreateForumGroup } from '../api/forum-actions';
import { useForumCoverUpload } from '../api/upload-forum-cover';

/**
 * /forums/create-group: cover image, name, description with a character counter. Problems are
 * 'Validation Error' toasts; Cancel goes back to /forums, success to the new group.
 */
export function CreateForumGroupPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [cover, setCover] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useForumCoverUpload(setCover);
  const create = useCreateForumGroup();
  const descriptionId = useId();
  const counterId = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZForumGroupFields.safeParse({ name, description, coverImage: cover });
    if (!parsed.success) {
      toast.error(FORUM_MSG.validationError, { description: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (group) => void navigate(`/forums/group/${group.id}`),
      onError: (error) => toast.error(FORUM_MSG.createFailed, { description: refusalText(error) ?? '' }),
    });
  };

  const shown = upload.previewUrl ?? (cover ? imageVariantUrl(cover, 750) : null);
  return (
    <section aria-labelledby="create-forum-heading" className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-6">
      <h1 id="create-forum-heading" className="text-2xl font-semibold tracking-tight">
        {FORUM_MSG.createHeading}
      </h1>
      <Card className="mt-4 p-4 sm:p-6">
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label>{FORUM_MSG.coverImage}</Label>
            {shown ? (
              <div className="relative">
                <img
                  src={shown}
                  alt=""
                  className="aspect-[3/1] w-full rounded-lg border border-border object-cover"
                />
                <Button
                  type="button"
                  size="icon"
                  variant="secondary"
                  aria-label="Remove cover image"
                  className="absolute top-2 right-2"
                  onClick={() => {
                    setCover(null);
                    upload.clear();
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ) : (
              <Button
                type="button"
                variant="outline"
                className="aspect-[3/1] h-auto w-full flex-col gap-2 border-dashed"
                onClick={() => fileRef.current?.click()}
              >
                <ImagePlus aria-hidden="true" className="size-6" />
                {FORUM_MSG.coverImage}
              </Button>
            )}
            <ImageFileInput ref={fileRef} label={FORUM_MSG.coverImage} onFile={upload.choose} />
          </div>
          <Field
            label={FORUM_MSG.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={FORUMS.nameMax}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={descriptionId}>{FORUM_MSG.description}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              aria-describedby={counterId}
              maxLength={FORUMS.descriptionMax}
              onChange={(e) => setDescription(e.target.value)}
              className="min-h-28"
            />
            <p id={counterId} className="text-right text-xs text-muted-foreground tabular-nums">
              {description.length}/{FORUMS.descriptionMax}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button asChild variant="outline">
              <Link to="/forums">{FORUM_MSG.cancel}</Link>
            </Button>
            <Button type="submit" disabled={create.isPending || upload.isUploading}>
              {FORUM_MSG.create}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
