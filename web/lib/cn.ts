import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config';

/*
 * tailwind-merge with only the class groups web/ uses (scripts/class-merge.mjs): the same merges
 * as its default twMerge for every class here (web/lib/class-merge.test.ts proves it), at a fraction
 * of the first view's weight.
 */
const merge = createTailwindMerge(classMergeConfig);

// tailwind-merge builds its lookup tables on the first merge: 10-50 ms on a phone's slower CPU,
// which would land inside the app's first render. A timer queued while this module is evaluated
// runs before the app's start (web/main.tsx queues that one after the evaluation), so the tables are
// built in a short task of their own (docs/decisions/045-first-view-startup.md).
if (typeof window !== 'undefined') setTimeout(() => merge(''), 0);

/** Joins class names and lets a later Tailwind class override an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
