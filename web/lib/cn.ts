import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config';

/*
 * tailwind-merge with only the class groups web/ uses (scripts/class-merge.mjs): the same merges
 * as its default twMerge for every class here (web/lib/class-merge.test.ts proves it), at a fraction
 * of the first view's weight.
 */
const merge = createTailwindMerge(classMergeConfig);

/**
 * Builds tailwind-merge's lookup tables, which its first merge does otherwise: 10-50 ms on a phone's
 * slower CPU, which would land inside the app's first render. The app's start calls it in a task of
 * its own before that render (web/app/start.tsx). Not a timer queued when this module is evaluated:
 * under a profiler that records stacks (Lighthouse's trace), a timer set from the first view's
 * top level makes V8 parse the whole chunk again for its source positions, inside the evaluation's
 * task (docs/decisions/049-first-view-in-steps.md).
 */
export function buildClassMergeTables() {
  merge('');
}

/** Joins class names and lets a later Tailwind class override an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
