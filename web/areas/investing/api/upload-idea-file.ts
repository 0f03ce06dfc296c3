import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { INVESTING, INVESTING_MSG, type UploadedFile } from '@common/investing/model';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { uploadFile } from '@web/lib/upload';

/** Which file: the idea's picture, its video, an update's image or video, the pitch deck. */
export type IdeaFileKind = 'image' | 'video' | 'media' | 'pdf';

const MB = 1024 * 1024;
const LIMITS: Record<IdeaFileKind, number> = {
  image: INVESTING.imageMaxBytes,
  video: INVESTING.videoMaxBytes,
  media: INVESTING.videoMaxBytes,
  pdf: INVESTING.pdfMaxBytes,
};
const HINTS: Record<IdeaFileKind, string> = {
  image: INVESTING_MSG.uploadImage,
  video: INVESTING_MSG.uploadVideo,
  media: INVESTING_MSG.uploadImageOrVideo,
  pdf: INVESTING_MSG.uploadPdf,
};

export const FILE_ACCEPT: Record<IdeaFileKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  video: INVESTING.videoAccept,
  media: `image/jpeg,image/png,image/webp,image/gif,image/avif,${INVESTING.videoAccept}`,
  pdf: INVESTING.pdfAccept,
};

type Refusal = { title: string; description: string };

/** The form's checks before sending (the server checks the content again). */
export function checkIdeaFile(kind: IdeaFileKind, file: Pick<File, 'type' | 'size'>): Refusal | null {
  const type = file.type.toLowerCase();
  const isImage = type.startsWith('image/') && !type.startsWith('image/svg');
  const isVideo = type === 'video/mp4' || type === 'video/webm';
  const ok =
    kind === 'image'
      ? isImage
      : kind === 'video'
        ? isVideo
        : kind === 'media'
          ? isImage || isVideo
          : type === 'application/pdf';
  if (!ok) return { title: INVESTING_MSG.invalidFileType, description: HINTS[kind] };
  // An update's image keeps the picture's limit; its video the video's.
  const max = kind === 'media' && isImage ? INVESTING.imageMaxBytes : LIMITS[kind];
  if (file.size > max)
    return {
      title: INVESTING_MSG.fileTooLarge,
      description: INVESTING_MSG.fileSizeMax(Math.round(max / MB)),
    };
  return null;
}

function refusalOf(error: unknown): Refusal {
  if (isApiError(error) && (error.status === 400 || error.status === 413))
    return { title: error.message, description: error.fields?.file ?? '' };
  return { title: INVESTING_MSG.uploadFailed, description: INVESTING_MSG.uploadFailedText };
}

/** One file field's upload: checked, sent with progress, cancellable; `onUploaded` gets the address. */
export function useIdeaFileUpload(
  kind: IdeaFileKind,
  onUploaded: (file: UploadedFile, name: string) => void,
) {
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadFile<UploadedFile>(`/api/investing/uploads/${kind}`, file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
    },
    onSuccess: (uploaded, file) => onUploaded(uploaded, file.name),
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const next = refusalOf(error);
      setRefusal(next);
      toast.error(next.title, next.description ? { description: next.description } : undefined);
    },
    onSettled: () => {
      controller.current = null;
      setPercent(null);
    },
  });

  return {
    choose(file: File) {
      const problem = checkIdeaFile(kind, file);
      setRefusal(problem);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        return;
      }
      upload.mutate(file);
    },
    cancel: () => controller.current?.abort(),
    isUploading: upload.isPending,
    percent,
    refusal,
  };
}
