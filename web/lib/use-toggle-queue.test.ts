import { describe, expect, it } from 'vitest';
import { createToggleQueue, type ToggleQueueOptions } from './use-toggle-queue';

/** A fake server whose answers the test releases one at a time. */
function setup(overrides: Partial<ToggleQueueOptions> = {}) {
  let serverState = false;
  const sent: boolean[] = [];
  const pending: Array<() => void> = [];
  const wantedLog: Array<boolean | null> = [];
  const settled: boolean[] = [];
  const errors: boolean[] = [];
  let idle = 0;
  const queue = createToggleQueue(() => ({
    send: (wanted) => {
      sent.push(wanted);
      return new Promise<boolean>((resolve) =>
        pending.push(() => {
          serverState = wanted;
          resolve(serverState);
        }),
      );
    },
    onSettled: (confirmed) => settled.push(confirmed),
    onError: (_error, attempted) => errors.push(attempted),
    onIdle: () => idle++,
    onWantedChange: (wanted) => wantedLog.push(wanted),
    ...overrides,
  }));
  const answer = async () => {
    pending.shift()?.();
    // Let the queue's loop run past its await.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    queue,
    sent,
    wantedLog,
    settled,
    errors,
    answer,
    idle: () => idle,
    server: () => serverState,
  };
}

describe('createToggleQueue', () => {
  it('sends one request for one tap and reports the answer', async () => {
    const t = setup();
    expect(t.queue.toggle(false)).toBe(true);
    expect(t.wantedLog).toEqual([true]);
    await t.answer();
    expect(t.sent).toEqual([true]);
    expect(t.settled).toEqual([true]);
    expect(t.wantedLog).toEqual([true, null]);
    expect(t.idle()).toBe(1);
  });

  it('collapses taps made while a request is in flight into the last state', async () => {
    const t = setup();
    t.queue.toggle(false); // on: sent
    expect(t.queue.toggle(false)).toBe(false); // off
    t.queue.toggle(false); // on
    t.queue.toggle(false); // off
    expect(t.wantedLog).toEqual([true, false, true, false]);
    await t.answer(); // server: on; last wish off -> one more request
    expect(t.sent).toEqual([true, false]);
    await t.answer();
    expect(t.server()).toBe(false);
    expect(t.settled).toEqual([false]);
    expect(t.idle()).toBe(1);
  });

  it('sends nothing more when the taps end where the server already is', async () => {
    const t = setup();
    t.queue.toggle(false); // on: sent
    t.queue.toggle(false); // off
    t.queue.toggle(false); // on again: what is in flight
    await t.answer();
    expect(t.sent).toEqual([true]);
    expect(t.settled).toEqual([true]);
  });

  it('reports a failure with the state it tried, and goes idle', async () => {
    const t = setup({ send: () => Promise.reject(new Error('down')) });
    t.queue.toggle(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.errors).toEqual([false]);
    expect(t.settled).toEqual([]);
    expect(t.wantedLog).toEqual([false, null]);
    expect(t.queue.isRunning()).toBe(false);
    expect(t.idle()).toBe(1);
  });

  it('stops when the server keeps another state than the one asked for', async () => {
    const t = setup({ send: () => Promise.resolve(false) });
    t.queue.toggle(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.settled).toEqual([false]);
    expect(t.queue.isRunning()).toBe(false);
  });
});
