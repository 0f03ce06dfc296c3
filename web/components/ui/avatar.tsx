import { Avatar as AvatarPrimitive } from 'radix-ui';
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

export function Avatar({ src, name, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full select-none', className)}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt="" className="aspect-square size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center bg-secondary text-xs font-semibold text-secondary-foreground"
      >
        <span aria-hidden="true">{getInitials(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
