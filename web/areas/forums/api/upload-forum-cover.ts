import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FORUM_MSG, FORUMS, type ForumImage } from '@common/forums/model';
import { UPLOAD_MSG } from '@common/core/uploads';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { checkImageFile, uploadFile } from '@web/lib/upload';

/** A forum cover: under 5 MB (checked here first, then by the server), with a preview meanwhile. */
export function useForumCoverUpload(onUploaded: (url: string) => void) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadFile<ForumImage>('/api/forums/images', file, { signal: controller.current.signal });
    },
    onSuccess: ({ url }) => onUploaded(url),
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (isApiError(error) && error.status === 413)
        toast.error(FORUM_MSG.fileTooLarge, { description: FORUM_MSG.fileTooLargeHint });
      else toast.error(FORUM_MSG.uploadFailed, { description: FORUM_MSG.uploadFailedHint });
    },
    onSettled: () => {
      controller.current = null;
    },
  });

  return {
    choose(file: File) {
      const problem = checkImageFile(file, FORUMS.coverMaxBytes);
      if (problem) {
        if (problem.title === UPLOAD_MSG.tooLarge)
          return void toast.error(FORUM_MSG.fileTooLarge, { description: FORUM_MSG.fileTooLargeHint });
        return void toast.error(problem.title, { description: problem.description });
      }
      setPreviewUrl(URL.createObjectURL(file));
      upload.mutate(file);
    },
    clear: () => setPreviewUrl(null),
    isUploading: upload.isPending,
    previewUrl,
  };
}
