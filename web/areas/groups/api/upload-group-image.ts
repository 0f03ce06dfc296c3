import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { megabytes, UPLOAD_MSG, UPLOADS } from '@common/core/uploads';
import { GROUP_MSG, type GroupImage } from '@common/groups/model';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { checkImageFile, uploadFile } from '@web/lib/upload';

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A group cover or a post's picture: the chosen file is checked here (type, size), then sent with
 * a progress bar and a preview meanwhile; the server checks and re-encodes it, and `onUploaded`
 * receives its address.
 */
export function useGroupImageUpload(kind: 'cover' | 'post', onUploaded: (url: string) => void) {
  const [percent, setPercent] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadFile<GroupImage>(`/api/groups/images?kind=${kind}`, file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
    },
    onSuccess: ({ url }) => {
      onUploaded(url);
      toast.success(GROUP_MSG.imageUploaded);
    },
    onError: (error) => {
      if (isAbort(error)) return;
      if (isApiError(error) && error.status === 413)
        toast.error(UPLOAD_MSG.tooLarge, {
          description: UPLOAD_MSG.tooLargeHint(megabytes(UPLOADS.imageMaxBytes)),
        });
      else if (isApiError(error) && error.status === 400)
        toast.error(error.message, { description: error.fields?.file ?? '' });
      else toast.error(UPLOAD_MSG.uploadFailed);
    },
    onSettled: () => {
      controller.current = null;
      setPercent(null);
      setPreviewUrl(null);
    },
  });

  return {
    choose(file: File) {
      const problem = checkImageFile(file);
      if (problem) return void toast.error(problem.title, { description: problem.description });
      setPreviewUrl(URL.createObjectURL(file));
      upload.mutate(file);
    },
    cancel: () => controller.current?.abort(),
    isUploading: upload.isPending,
    percent,
    previewUrl,
  };
}
