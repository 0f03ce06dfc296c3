import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/*
 * The cover shown where a picture is missing (an event, an idea, a forum, a page): a colour chosen
 * from the title, so the same thing always looks the same, with its initials or an icon. Decorative:
 * the title is always written beside it.
 */

const HUES = [12, 32, 150, 174, 200, 222, 258, 286, 330];

function hueOf(seed: string) {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return HUES[h % HUES.length]!;
}

/** Up to two initials of the title's first words ("Founders breakfast" → "FB"). */
export function initialsOf(title: string) {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function GeneratedCover({
  title,
  icon: Icon,
  className,
}: {
  title: string;
  icon?: LucideIcon;
  className?: string;
}) {
  const hue = hueOf(title);
  const initials = initialsOf(title);
  return (
    <div
      aria-hidden="true"
      data-testid="generated-cover"
      className={cn('flex w-full items-center justify-center overflow-hidden select-none', className)}
      style={{
        backgroundImage: `linear-gradient(135deg, hsl(${hue} 70% 42%), hsl(${(hue + 40) % 360} 65% 30%))`,
      }}
    >
      {initials ? (
        <span className="text-3xl font-semibold tracking-wider text-white/90 sm:text-4xl">{initials}</span>
      ) : Icon ? (
        <Icon className="size-8 text-white/90" />
      ) : null}
    </div>
  );
}
