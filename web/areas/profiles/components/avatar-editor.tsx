import { Trash2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { UPLOADS, imageVariantUrl } from '@common/core/uploads';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useProfileImage } from '../api/profile-images';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';

/** Upload or remove one's avatar: saved at once, with a preview and a progress bar meanwhile. */
export function AvatarEditor({
  avatarUrl,
  name,
  onChanged,
}: {
  avatarUrl: string | null;
  name: string;
  /** An upload or removal went through: the avatar is now an uploaded picture, or none. */
  onChanged?: () => void;
}) {
  const image = useProfileImage('avatar', { onChanged });
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const shown = image.previewUrl ?? imageVariantUrl(avatarUrl, 256);

  return (
    <div className="flex items-center gap-4">
      <Avatar src={shown} name={name} className="size-20 [&_span]:text-xl" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="text-sm font-medium">Profile photo</p>
        {image.isUploading ? (
          <UploadProgress percent={image.percent} label="Uploading avatar" onCancel={image.cancel} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => inputRef.current?.click()}
              aria-describedby={hintId}
            >
              <Upload aria-hidden="true" />
              Upload photo
            </Button>
            {avatarUrl ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => image.remove()}
                disabled={image.isRemoving}
                className="text-destructive-text hover:text-destructive-text"
              >
                {image.isRemoving ? <Spinner /> : <Trash2 aria-hidden="true" />}
                Remove
              </Button>
            ) : null}
          </div>
        )}
        <p id={hintId} className="text-xs text-muted-foreground">
          JPEG, PNG, WebP, GIF or AVIF, up to {UPLOADS.imageMaxBytes / 1024 / 1024} MB.
        </p>
        <ImageFileInput ref={inputRef} label="Avatar image file" onFile={image.choose} />
      </div>
    </div>
  );
}
