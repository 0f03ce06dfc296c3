import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { FORMER_MEMBER } from '@common/core/first-view-texts';
import { cn } from '@web/lib/cn';

/** Up to two initials from a full name or username ("Ada Lovelace" -> "AL", "ada_l" -> "AD"). */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return ((words[0]?.[0] ?? '') + (words[words.length - 1]?.[0] ?? '')).toUpperCase();
}

type AvatarProps = {
  src?: string | null | undefined;
  /** Name the initials come from; the image itself is decorative (the surrounding control is named). */
  name: string | null | undefined;
  className?: string;
};

/**
 * A round picture, with initials (or a former member's neutral figure) until it has loaded and
 * when it fails. Plain elements rather than Radix's Avatar: it is on every first view (1 KB less).
 */
export function Avatar({ src, name, className }: AvatarProps) {
  // The address that loaded, or failed: a new `src` starts over with the initials.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  const isLoaded = showImage && loaded === src;
  return (
    <span className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full select-none', className)}>
      {isLoaded ? null : (
        <span className="flex size-full items-center justify-center bg-secondary text-xs font-semibold text-secondary-foreground">
          {name === FORMER_MEMBER ? (
            <UserRound aria-hidden="true" data-former-member="" className="size-1/2 text-muted-foreground" />
          ) : (
            <span aria-hidden="true">{getInitials(name)}</span>
          )}
        </span>
      )}
      {showImage ? (
        <img
          src={src!}
          alt=""
          onLoad={() => setLoaded(src!)}
          onError={() => setFailed(src!)}
          className={cn('aspect-square size-full object-cover', isLoaded ? '' : 'absolute inset-0 opacity-0')}
        />
      ) : null}
    </span>
  );
}
