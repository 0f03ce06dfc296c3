import { describe, expect, it, vi } from 'vitest';
import { REALTIME } from '@common/core/realtime';
import { backoffDelay } from './connection';
import { currentTopics, emitRealtimeEvent, onRealtimeEvent, retainTopics, setRealtimeTransport } from './hub';

describe('topics', () => {
  it('are refcounted: subscribed on the first hold, unsubscribed after the last release', () => {
    const added: string[][] = [];
    const removed: string[][] = [];
    setRealtimeTransport({
      send: () => true,
      onTopicsAdded: (t) => added.push(t),
      onTopicsRemoved: (t) => removed.push(t),
    });
    const first = retainTopics(['presence:a']);
    const second = retainTopics(['presence:a', 'presence:b']);
    expect(added).toEqual([['presence:a'], ['presence:b']]);
    expect(currentTopics().sort()).toEqual(['presence:a', 'presence:b']);
    first();
    first();
    expect(removed).toEqual([]);
    second();
    expect(removed).toEqual([['presence:a', 'presence:b']]);
    expect(currentTopics()).toEqual([]);
    setRealtimeTransport(null);
  });
});

describe('events', () => {
  it('reach the listeners of their type until they unsubscribe', () => {
    const handler = vi.fn();
    const off = onRealtimeEvent('typing', handler);
    emitRealtimeEvent({ type: 'typing', from: 'x' });
    emitRealtimeEvent({ type: 'pong' });
    off();
    emitRealtimeEvent({ type: 'typing', from: 'y' });
    expect(handler.mock.calls).toEqual([[{ type: 'typing', from: 'x' }]]);
  });
});

describe('backoffDelay', () => {
  it('doubles from the start value up to the cap, with jitter in the upper half', () => {
    expect(backoffDelay(0, () => 0)).toBe(REALTIME.backoffStartMs / 2);
    expect(backoffDelay(0, () => 1)).toBe(REALTIME.backoffStartMs);
    expect(backoffDelay(3, () => 1)).toBe(REALTIME.backoffStartMs * 8);
    expect(backoffDelay(30, () => 1)).toBe(REALTIME.backoffMaxMs);
    expect(backoffDelay(30, () => 0)).toBe(REALTIME.backoffMaxMs / 2);
  });
});
