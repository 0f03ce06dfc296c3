import { cn } from '@web/lib/cn';

/** The Cofound mark (same drawing as public/favicon.svg) followed by the word. */
export function Logo({
  className,
  showWord = true,
  wordClassName,
}: {
  className?: string;
  showWord?: boolean;
  /** E.g. hide the word visually on narrow screens (it stays for screen readers). */
  wordClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M21.5 11.2a7 7 0 1 0 0 9.6"
          fill="none"
          strokeWidth="3.2"
          strokeLinecap="round"
          className="stroke-primary-foreground"
        />
        <circle cx="22" cy="16" r="2" className="fill-primary-foreground/70" />
      </svg>
      {showWord ? (
        <span className={cn('text-lg', wordClassName)}>Cofound</span>
      ) : (
        <span className="sr-only">Cofound</span>
      )}
    </span>
  );
}
