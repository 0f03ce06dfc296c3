import { X } from 'lucide-react';
import type { Ref } from 'react';
import { UPLOADS } from '@common/core/uploads';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';

/** The progress bar of an upload with its cancel button. */
export function UploadProgress({
  percent,
  label,
  onCancel,
  className,
  barClassName,
  buttonClassName,
}: {
  percent: number | null;
  label: string;
  onCancel: () => void;
  className?: string;
  barClassName?: string;
  buttonClassName?: string;
}) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Progress value={percent} label={label} className={cn('flex-1', barClassName)} />
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', buttonClassName)}
        onClick={onCancel}
        aria-label="Cancel upload"
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The hidden file picker behind an upload button: hands over the chosen image, then resets. */
export function ImageFileInput({
  ref,
  label,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={UPLOADS.imageAccept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Choosing the same file again must fire again.
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
