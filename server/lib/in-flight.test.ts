import { describe, expect, it } from 'vitest';
import { sharedWhileRunning } from './in-flight';

describe('sharedWhileRunning', () => {
  it('runs once for calls that come together with the same key, and again once that run settled', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = sharedWhileRunning(async (key) => {
      runs.push(key);
      await gate;
      return `read ${key}`;
    });
    const together = [read('a'), read('a'), read('b'), read('a')];
    release();
    expect(await Promise.all(together)).toEqual(['read a', 'read a', 'read b', 'read a']);
    expect(runs).toEqual(['a', 'b']);
    expect(await read('a')).toBe('read a');
    expect(runs).toEqual(['a', 'b', 'a']);
  });

  it('hands a failure to every caller of that run and does not remember it', async () => {
    let calls = 0;
    const read = sharedWhileRunning(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return 'ok';
    });
    const results = await Promise.allSettled([read('k'), read('k')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await read('k')).toBe('ok');
    expect(calls).toBe(2);
  });
});
