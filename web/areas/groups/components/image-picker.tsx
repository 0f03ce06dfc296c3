import { ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { useGroupImageUpload } from '../api/upload-group-image';

/**
 * An optional picture (a group's cover, a post's image): a button opens the file picker, the
 * upload shows its progress bar, and the chosen picture its preview with a remove button.
 */
export function ImagePicker({
  kind,
  value,
  onChange,
  label,
  previewClassName,
}: {
  kind: 'cover' | 'post';
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  previewClassName: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useGroupImageUpload(kind, onChange);
  const shown = upload.previewUrl ?? value;
  return (
    <div className="flex flex-col gap-2">
      {shown ? (
        <div className="relative">
          <img src={shown} alt="" className={previewClassName} />
          {value && !upload.isUploading ? (
            <Button
              variant="secondary"
              size="icon"
              className="absolute top-2 right-2 size-8"
              onClick={() => onChange(null)}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      ) : null}
      {upload.isUploading ? (
        <UploadProgress
          percent={upload.percent}
          label={`Uploading ${label.toLowerCase()}`}
          onCancel={upload.cancel}
        />
      ) : (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {value ? `Change ${label.toLowerCase()}` : `Add ${label.toLowerCase()}`}
        </Button>
      )}
      <ImageFileInput ref={input} label={label} onFile={upload.choose} />
    </div>
  );
}
