import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';
import { describe, expect, it } from 'vitest';
import { usedGroups, webClassWords } from '../../scripts/class-merge.mjs';
import { classMergeConfig } from './class-merge-config';
import { cn } from './cn';

/*
 * cn() merges with a cut-down tailwind-merge configuration (scripts/class-merge.mjs). These prove it
 * decides like the full one for every class written in web/, and fail when a class of a group it
 * does not keep appears: then run `node scripts/class-merge.mjs`.
 */
describe('cn: the cut-down class merge', () => {
  const words = webClassWords();
  const full = getDefaultConfig();
  const small = classMergeConfig();

  it('keeps every class group the classes in web/ reach', () => {
    expect(words.length).toBeGreaterThan(500);
    const missing = [...usedGroups(words)].filter((g) => !(g in small.classGroups));
    expect(missing, 'run node scripts/class-merge.mjs').toEqual([]);
  });

  it('puts each class in the same group, with the same conflicts, as the full configuration', () => {
    const fullUtils = createClassGroupUtils(full);
    const smallUtils = createClassGroupUtils(small);
    const parse = createParseClassName(full);
    const kept = new Set(Object.keys(small.classGroups));
    let grouped = 0;
    for (const word of words) {
      const { baseClassName } = parse(word);
      const group = fullUtils.getClassGroupId(baseClassName);
      expect(smallUtils.getClassGroupId(baseClassName), word).toBe(group);
      if (!group) continue;
      grouped += 1;
      for (const postfix of [false, true]) {
        const conflicts = fullUtils.getConflictingClassGroupIds(group, postfix).filter((g) => kept.has(g));
        expect([...smallUtils.getConflictingClassGroupIds(group, postfix)].sort(), word).toEqual(
          conflicts.sort(),
        );
      }
    }
    expect(grouped).toBeGreaterThan(400);
  });

  it('merges pairs of the classes in web/ exactly as twMerge does', () => {
    const merge = createTailwindMerge(classMergeConfig);
    const sample = words.filter((_, i) => i % 3 === 0);
    let conflicts = 0;
    for (const a of sample)
      for (const b of sample) {
        const expected = twMerge(`${a} ${b}`);
        if (expected !== `${a} ${b}`) conflicts += 1;
        if (merge(`${a} ${b}`) !== expected) expect(merge(`${a} ${b}`), `${a} ${b}`).toBe(expected);
      }
    // The sample holds real conflicts (p-2 then p-4, text colours, sizes), not only unrelated classes.
    expect(conflicts).toBeGreaterThan(200);
  });

  it('lets a later class override an earlier one, as components rely on', () => {
    expect(cn('h-10 px-4 text-sm', 'h-9 px-3')).toBe('text-sm h-9 px-3');
    expect(cn('text-muted-foreground', 'text-destructive-text')).toBe('text-destructive-text');
    expect(cn('text-sm text-muted-foreground', 'text-xs')).toBe('text-muted-foreground text-xs');
    expect(cn('rounded-md border', false, undefined, 'rounded-full')).toBe('border rounded-full');
  });
});
