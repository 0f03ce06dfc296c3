import type { ReactNode } from 'react';

// Characters with a meaning in a pattern; only these may be escaped in a /u pattern.
const PATTERN_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * `text` with every case-insensitive occurrence of `query` in a <mark>. Built from split strings,
 * so nothing in either is ever read as markup.
 */
export function highlightMatch(text: string, query: string): ReactNode {
  const needle = query.trim();
  if (!needle) return text;
  // The capturing group keeps the matches in the split: they sit at the odd indexes.
  const parts = text.split(new RegExp(`(${needle.replace(PATTERN_SYNTAX, '\\$&')})`, 'giu'));
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="rounded-sm bg-amber-200 px-px text-inherit dark:bg-amber-300/25">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
