import { useRef, useState } from 'react';
import type { BusinessImage } from '@common/business-pages/model';
import { checkImageFile, uploadFile, type FileProblem } from '@web/lib/upload';
import { toast } from '@web/lib/toast';
import { isApiError } from '@web/lib/api-client';

export type ImageKind = 'avatar' | 'cover' | 'content';

/**
 * Uploads one picture of a page or post with its progress (null: nothing under way). A refused
 * file (type, size) is reported before anything is sent, with the shared texts.
 */
export function useImageUpload(kind: ImageKind) {
  const [percent, setPercent] = useState<number | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const upload = async (file: File): Promise<string | null> => {
    const problem: FileProblem | null = checkImageFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return null;
    }
    controller.current = new AbortController();
    setIsUploading(true);
    setPercent(0);
    try {
      const saved = await uploadFile<BusinessImage>(`/api/business-pages/images/${kind}`, file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
      return saved.url;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast.error(isApiError(error) ? error.message : 'Upload failed');
      return null;
    } finally {
      setIsUploading(false);
      setPercent(null);
    }
  };

  return { upload, percent, isUploading, cancel: () => controller.current?.abort() };
}
