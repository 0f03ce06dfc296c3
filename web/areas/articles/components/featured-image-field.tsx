import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { ARTICLE_MSG } from '@common/articles/model';
import { imageVariantUrl } from '@common/core/uploads';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import type { ArticleImageUpload } from '../api/upload-article-image';

/**
 * The article's featured image: upload (checked here against its rules (common/articles/model.ts), then sent
 * with a progress bar while the picture shows already), replace or remove. `value` is the uploaded copy's
 * address.
 */
export function FeaturedImageField({
  value,
  onRemove,
  upload,
  error,
}: {
  value: string | null;
  onRemove: () => void;
  /** The form's upload (its `onUploaded` sets the value), so the form knows while it is busy. */
  upload: ArticleImageUpload;
  /** The server's word on the address, if it refused it. */
  error?: string | undefined;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const problemId = useId();
  const shown = upload.previewUrl ?? imageVariantUrl(value, 800);
  const problem = upload.refusal
    ? [upload.refusal.title, upload.refusal.description].filter(Boolean).join(': ')
    : error;

  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <span id={labelId} className="text-sm leading-none font-medium">
        Featured image
      </span>
      {shown ? (
        <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
          <img src={shown} alt="" className="aspect-[2/1] w-full object-cover" />
          {upload.isUploading ? (
            <UploadProgress
              percent={upload.percent}
              label="Uploading featured image"
              onCancel={upload.cancel}
              className="absolute inset-x-0 bottom-0 bg-black/55 px-3 py-2"
              barClassName="bg-white/30"
              buttonClassName="text-white hover:bg-white/20 hover:text-white"
            />
          ) : null}
        </div>
      ) : null}
      {upload.isUploading ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={upload.isBusy}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          >
            {upload.isBusy ? <Spinner /> : <ImagePlus aria-hidden="true" />}
            {value ? 'Replace image' : 'Upload image'}
          </Button>
          {value ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                upload.clearRefusal();
                onRemove();
              }}
              className="text-destructive-text hover:text-destructive-text"
            >
              <Trash2 aria-hidden="true" />
              Remove image
            </Button>
          ) : null}
        </div>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {ARTICLE_MSG.imageFormats}
      </p>
      {problem ? (
        <p id={problemId} className="text-sm text-destructive-text">
          {problem}
        </p>
      ) : null}
      <ImageFileInput
        ref={inputRef}
        label="Featured image file"
        onFile={(file) => void upload.choose(file)}
      />
    </div>
  );
}
