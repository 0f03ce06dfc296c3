import { MSG } from '@common/core/texts';
import { megabytes, UPLOAD_MSG, UPLOADS } from '@common/core/uploads';
import { ApiError, readResponse } from './api-client';

/** Why a chosen file is refused before any upload: the same texts the server would answer with. */
export type FileProblem = { title: string; description: string };

/**
 * Refuse what cannot be an accepted image before sending it (the server checks the content again):
 * types other than image/* or SVG, and files over the limit.
 */
export function checkImageFile(
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number = UPLOADS.imageMaxBytes,
): FileProblem | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/') || type.startsWith('image/svg'))
    return { title: UPLOAD_MSG.invalidType, description: UPLOAD_MSG.invalidTypeHint };
  if (file.size > maxBytes)
    return { title: UPLOAD_MSG.tooLarge, description: UPLOAD_MSG.tooLargeHint(megabytes(maxBytes)) };
  return null;
}

export type UploadOptions = {
  /** The form field the server reads; default `file`. */
  field?: string;
  /** HTTP method; default POST. */
  method?: 'POST' | 'PUT';
  /** 0 to 100 as the bytes leave the browser; null while the total is unknown. */
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
};

/**
 * Send one file as multipart/form-data to our API, reporting progress. XMLHttpRequest rather than
 * fetch, which cannot report upload progress. Resolves with the JSON answer; rejects with the same
 * ApiError as apiFetch (a refused file carries the server's message and `fields.file`), or an
 * AbortError DOMException when `signal` aborts.
 */
export function uploadFile<T>(url: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { field = 'file', method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort);

    // Same origin: the session cookie goes along.
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress?.(event.lengthComputable ? (event.loaded / event.total) * 100 : null);
    };
    xhr.onload = () => {
      cleanup();
      const response = {
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        text: async () => xhr.responseText,
      };
      if (response.ok) onProgress?.(100);
      readResponse<T>(response, url).then(resolve, (error: unknown) => {
        // A proxy in front of us refusing the size answers with its own page, not our JSON.
        if (error instanceof ApiError && error.status === 413 && error.code === 'NETWORK')
          error = new ApiError({
            status: 413,
            code: 'PAYLOAD_TOO_LARGE',
            message: UPLOAD_MSG.tooLarge,
            path: url,
          });
        reject(error);
      });
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError({ status: 0, code: 'NETWORK', message: MSG.unexpected, path: url }));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };

    const form = new FormData();
    form.append(field, file, file instanceof File ? file.name : 'upload');
    onProgress?.(0);
    xhr.send(form);
  });
}
