import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config';

/*
 * tailwind-merge with only the class groups web/ uses (scripts/class-merge.mjs): the same merges
 * as its default twMerge for every class here (web/lib/class-merge.test.ts proves it), at a fraction
 * of the first view's weight.
 */
const merge = createTailwindMerge(classMergeConfig);

/** Joins class names and lets a later Tailwind class override an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
