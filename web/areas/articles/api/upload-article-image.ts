import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { ARTICLE_MSG, articleImageProblem, type ArticleImage } from '@common/articles/model';
import { megabytes, UPLOAD_MSG, UPLOADS } from '@common/core/uploads';
import { isApiError } from '@web/lib/api-client';
import { checkImageFile, uploadFile } from '@web/lib/upload';

/** Why a featured image was refused: a toast's title and its line (the product's words). */
export type ImageRefusal = { title: string; description: string };

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The picture's size in pixels, or null when the browser cannot read it. */
async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The checks of a chosen file, in order: type, size, readable, pixels, aspect ratio. */
export async function checkArticleImage(file: File): Promise<ImageRefusal | null> {
  const problem = checkImageFile(file);
  if (problem?.title === UPLOAD_MSG.invalidType)
    return { title: UPLOAD_MSG.invalidType, description: ARTICLE_MSG.imageInvalidType };
  if (problem)
    return {
      title: UPLOAD_MSG.tooLarge,
      description: ARTICLE_MSG.imageTooBig(megabytes(UPLOADS.imageMaxBytes)),
    };
  const size = await readImageSize(file);
  if (!size) return { title: UPLOAD_MSG.invalidType, description: ARTICLE_MSG.imageInvalid };
  const dimensions = articleImageProblem(size.width, size.height);
  return dimensions ? { title: ARTICLE_MSG.imageInvalidDimensionsTitle, description: dimensions } : null;
}

/** The server's refusal in the document's words. */
function uploadRefusal(error: unknown): ImageRefusal {
  if (isApiError(error)) {
    if (error.status === 401)
      return { title: ARTICLE_MSG.imageAuthTitle, description: ARTICLE_MSG.imageAuth };
    if (error.status === 413)
      return {
        title: UPLOAD_MSG.tooLarge,
        description: ARTICLE_MSG.imageTooBig(megabytes(UPLOADS.imageMaxBytes)),
      };
    if (error.status === 400) return { title: error.message, description: error.fields?.file ?? '' };
  }
  return { title: ARTICLE_MSG.imageUploadFailedTitle, description: ARTICLE_MSG.imageUploadFailed };
}

/**
 * The editor's featured image: a chosen file is checked here first (the same rules and texts as the server),
 * then sent with a progress bar and a preview meanwhile; the server checks it again and keeps a
 * re-encoded copy, whose address `onUploaded` receives.
 */
export function useArticleImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [refusal, setRefusal] = useState<ImageRefusal | null>(null);
  const controller = useRef<AbortController | null>(null);

  // The preview's object URL is freed when replaced and when the editor goes away.
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  useEffect(() => () => controller.current?.abort(), []);

  const refuse = (next: ImageRefusal) => {
    setRefusal(next);
    toast.error(next.title, next.description ? { description: next.description } : undefined);
  };

  const upload = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadFile<ArticleImage>('/api/articles/images', file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
    },
    onSuccess: ({ url }) => {
      onUploaded(url);
      toast.success(ARTICLE_MSG.imageUploaded);
    },
    onError: (error) => {
      if (!isAbort(error)) refuse(uploadRefusal(error));
    },
    onSettled: () => {
      controller.current = null;
      setPercent(null);
      setPreviewUrl(null);
    },
  });

  return {
    /** Checks and sends a chosen file; a refused one only says why. */
    async choose(file: File) {
      setRefusal(null);
      setIsChecking(true);
      const problem = await checkArticleImage(file);
      setIsChecking(false);
      if (problem) return refuse(problem);
      setPreviewUrl(URL.createObjectURL(file));
      upload.mutate(file);
    },
    cancel: () => controller.current?.abort(),
    /** Forgets the last refusal (the image was removed or replaced). */
    clearRefusal: () => setRefusal(null),
    isBusy: isChecking || upload.isPending,
    isUploading: upload.isPending,
    /** 0 to 100 while uploading (null when unknown). */
    percent,
    /** The chosen picture, shown while it uploads. */
    previewUrl,
    refusal,
  };
}

export type ArticleImageUpload = ReturnType<typeof useArticleImageUpload>;
