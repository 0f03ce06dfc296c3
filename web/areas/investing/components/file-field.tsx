import { FileUp, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { UploadedFile } from '@common/investing/model';
import { UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { FILE_ACCEPT, useIdeaFileUpload, type IdeaFileKind } from '../api/upload-idea-file';

export type ChosenFile = { url: string; name: string; mediaType: UploadedFile['mediaType'] };

/**
 * An optional file of an idea or update: a button opens the picker, the upload shows its progress
 * (cancellable), then the file's name with Remove. Refusals are said under the field and in a toast.
 */
export function FileField({
  kind,
  label,
  hint,
  value,
  onChange,
  error,
  onBusyChange,
}: {
  kind: IdeaFileKind;
  label: string;
  hint: string;
  value: ChosenFile | null;
  onChange: (file: ChosenFile | null) => void;
  error?: string | undefined;
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useIdeaFileUpload(kind, (file, name) =>
    onChange({ url: file.url, mediaType: file.mediaType, name }),
  );
  const busy = upload.isUploading;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const problem =
    error ?? (upload.refusal ? `${upload.refusal.title}: ${upload.refusal.description}` : undefined);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={FILE_ACCEPT[kind]}
        className="sr-only"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.choose(file);
        }}
      />
      {upload.isUploading ? (
        <UploadProgress
          percent={upload.percent}
          label={`Uploading ${label.toLowerCase()}`}
          onCancel={upload.cancel}
        />
      ) : value ? (
        <div className="flex min-w-0 items-center gap-2 rounded-md border border-border px-3 py-2 text-sm">
          <span className="min-w-0 flex-1 truncate">{value.name}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <Button type="button" variant="outline" className="w-fit" onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          Choose file
        </Button>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive-text">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
