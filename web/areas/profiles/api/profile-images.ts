import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import type { Profile } from '@common/core/api-types';
import { PROFILE_MSG } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { checkImageFile, uploadFile } from '@web/lib/upload';
import { refusalText } from '@web/lib/api-client';
import { putOwnProfile } from './update-profile';

export type ProfileImageKind = 'avatar' | 'cover';

const TEXT = {
  avatar: { updated: PROFILE_MSG.avatarUpdated, removed: PROFILE_MSG.avatarRemoved },
  cover: { updated: PROFILE_MSG.coverUpdated, removed: PROFILE_MSG.coverRemoved },
} as const;

const removeImage = (kind: ProfileImageKind): Promise<Profile> =>
  call(kind === 'avatar' ? api.profiles.me.avatar.$delete() : api.profiles.me.cover.$delete());

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Upload or remove one's avatar or cover photo. The chosen file is checked first (type, size) with
 * the server's own texts; while it travels, `percent` drives a progress bar and `previewUrl` shows
 * the picture already. The new profile goes into the caches (the page, the top bar).
 */
export function useProfileImage(
  kind: ProfileImageKind,
  opts: { onChanged?: (profile: Profile) => void } = {},
) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // The preview's object URL is freed when replaced and when the editor goes away.
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadFile<Profile>(`/api/profiles/me/${kind}`, file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
    },
    onSuccess: (profile) => {
      putOwnProfile(queryClient, profile);
      opts.onChanged?.(profile);
      toast.success(TEXT[kind].updated);
    },
    onError: (error) => {
      if (isAbort(error)) return;
      toast.error(PROFILE_MSG.uploadFailed, { description: refusalText(error) });
    },
    onSettled: () => {
      controller.current = null;
      setPercent(null);
      setPreviewUrl(null);
    },
  });

  const remove = useMutation({
    mutationFn: () => removeImage(kind),
    onSuccess: (profile) => {
      putOwnProfile(queryClient, profile);
      opts.onChanged?.(profile);
      toast.success(TEXT[kind].removed);
    },
    onError: (error) =>
      toast.error(kind === 'avatar' ? PROFILE_MSG.avatarRemoveFailed : PROFILE_MSG.updateFailedTitle, {
        description: refusalText(error),
      }),
  });

  return {
    /** Checks and sends a chosen file; a refused one only shows why. */
    choose(file: File) {
      const problem = checkImageFile(file);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        return;
      }
      setPreviewUrl(URL.createObjectURL(file));
      upload.mutate(file);
    },
    cancel: () => controller.current?.abort(),
    remove: () => remove.mutate(),
    isUploading: upload.isPending,
    isRemoving: remove.isPending,
    /** 0 to 100 while uploading (null when unknown). */
    percent,
    previewUrl,
  };
}
