import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createCoalescer, type Who } from './realtime-recheck';

/*
 * The re-check runs that access.changed and sessions.revoked ask for: one at a time, and whatever
 * is announced during a run is merged into the next, so a burst of sign-outs or blocks costs a few
 * runs rather than one each, and no announcement is lost.
 */

describe('createCoalescer', () => {
  it('runs one at a time and merges what is announced meanwhile into the next run', async () => {
    const runs: Who[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const coalescer = createCoalescer(
      async (who) => {
        runs.push(who === 'all' ? 'all' : new Set(who));
        if (runs.length === 1) await gate;
      },
      createLogger('silent'),
      'test',
    );
    const first = coalescer.request(['a']);
    const second = coalescer.request(['b']);
    const third = coalescer.request(['c', 'b']);
    expect(second).toBe(third);
    release();
    await Promise.all([first, second, third]);
    expect(runs).toEqual([new Set(['a']), new Set(['b', 'c'])]);

    // No ids: everyone, whatever else was named while a run was going.
    let release2!: () => void;
    const gate2 = new Promise<void>((r) => (release2 = r));
    const slow = createCoalescer(
      async (who) => {
        runs.push(who === 'all' ? 'all' : new Set(who));
        if (runs.length === 3) await gate2;
      },
      createLogger('silent'),
      'test',
    );
    const busy = slow.request(['d']);
    const later = Promise.all([slow.request(['e']), slow.request()]);
    release2();
    await Promise.all([busy, later]);
    expect(runs.slice(2)).toEqual([new Set(['d']), 'all']);
  });

  it('keeps going after a failed run', async () => {
    let calls = 0;
    const coalescer = createCoalescer(
      async () => {
        calls++;
        if (calls === 1) throw new Error('database busy');
      },
      createLogger('silent'),
      'test',
    );
    await coalescer.request(['a']);
    await coalescer.request(['b']);
    expect(calls).toBe(2);
  });
});
