import { Camera, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useProfileImage } from '../api/profile-images';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';

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
        <UploadProgress
          percent={image.percent}
          label="Uploading cover photo"
          onCancel={image.cancel}
          className="absolute inset-x-0 bottom-0 bg-black/50 px-3 py-2"
          barClassName="bg-white/30"
          buttonClassName="text-white hover:bg-white/20 hover:text-white"
        />
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
      <ImageFileInput ref={inputRef} label="Cover image file" onFile={image.choose} />
    </>
  );
}
