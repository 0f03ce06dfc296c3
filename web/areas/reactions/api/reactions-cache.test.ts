import { describe, expect, it } from 'vitest';
import type { ReactionSummary } from '@common/reactions/model';
import { withLiveCounts } from './reactions-cache';

const summary: ReactionSummary = {
  contentType: 'article',
  contentId: '00000000-0000-4000-8000-000000000000',
  types: ['like', 'dislike', 'love', 'laugh', 'cry'],
  counts: { like: 2, love: 1 },
  mine: ['like'],
  closedReason: null,
};

describe('withLiveCounts', () => {
  it('takes every type count from the event (a missing type is zero) and keeps the viewer own', () => {
    const next = withLiveCounts(summary, { like: 3, cry: 1 }, () => false);
    expect(next.counts).toEqual({ like: 3, cry: 1 });
    expect(next.mine).toEqual(['like']);
  });

  it('holds the counts of types with a request in flight', () => {
    const next = withLiveCounts(summary, { like: 3 }, (type) => type === 'love');
    expect(next.counts).toEqual({ like: 3, love: 1 });
  });
});
