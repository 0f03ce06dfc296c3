import { Camera, Trash2, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { UPLOADS } from '@common/uploads';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Progress } from '@web/components/ui/progress';
import { useProfileImage } from '../api/profile-images';

/**
 * Over one's own cover banner: a menu to upload or remove the cover photo; while uploading, the
 * picture shows already, with a progress bar and a cancel button along the bottom.
 */
export function CoverEditor({ hasCover }: { hasCover: boolean }) {
  const image = useProfileImage('cover');
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <>
      {image.previewUrl ? (
        <img src={image.previewUrl} alt="" className="absolute inset-0 size-full object-cover" />
      ) : null}
      {image.isUploading ? (
        <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-black/50 px-3 py-2">
          <Progress value={image.percent} label="Uploading cover photo" className="flex-1 bg-white/30" />
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-white hover:bg-white/20 hover:text-white"
            onClick={image.cancel}
            aria-label="Cancel upload"
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <div className="absolute top-3 right-3">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant="secondary"
              className="bg-black/55 text-white shadow-sm backdrop-blur-sm hover:bg-black/70"
              disabled={image.isUploading || image.isRemoving}
            >
              <Camera aria-hidden="true" />
              <span className="hidden sm:inline">Edit cover</span>
              <span className="sr-only sm:hidden">Edit cover</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => inputRef.current?.click()}>
              <Upload aria-hidden="true" />
              Upload cover photo
            </DropdownMenuItem>
            {hasCover ? (
              <DropdownMenuItem variant="destructive" onSelect={() => image.remove()}>
                <Trash2 aria-hidden="true" />
                Remove cover photo
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOADS.imageAccept}
        className="sr-only"
        tabIndex={-1}
        aria-label="Cover image file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) image.choose(file);
        }}
      />
    </>
  );
}
