import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { noteSeeded, sentAtOf, shownSince, trackSendTimes } from './query-sent-at';
import { missedNothing } from './realtime/use-realtime';

/** A client whose tracker reads a clock the test moves; answers come when the test says. */
function setup() {
  let clock = 1000;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  trackSendTimes(queryClient.getQueryCache(), () => clock);
  const pending: (() => void)[] = [];
  /** A query function answering `value` once the test calls answer(). */
  const later =
    <T>(value: T) =>
    () =>
      new Promise<T>((resolve) => pending.push(() => resolve(value)));
  const answer = async () => {
    pending.splice(0).forEach((resolve) => resolve());
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    queryClient,
    later,
    answer,
    tick: (ms: number) => (clock += ms),
  };
}

describe('the send-time tracker', () => {
  it("keeps the send time of the fetch whose answer is shown, not the answer's arrival", async () => {
    const { queryClient, later, answer, tick } = setup();
    const fetched = queryClient.fetchQuery({ queryKey: ['a', 1], queryFn: later('one') });
    tick(250);
    // Still on its way: what will be shown is that request's answer.
    expect(shownSince(queryClient, [['a']])).toBe(1000);
    expect(sentAtOf(queryClient, ['a', 1])).toBeUndefined();
    await answer();
    await fetched;
    expect(sentAtOf(queryClient, ['a', 1])).toBe(1000);
    expect(shownSince(queryClient, [['a']])).toBe(1000);

    // A refetch replaces it once its own answer comes.
    tick(5000);
    const again = queryClient.fetchQuery({ queryKey: ['a', 1], queryFn: later('two') });
    expect(sentAtOf(queryClient, ['a', 1])).toBe(1000);
    await answer();
    await again;
    expect(sentAtOf(queryClient, ['a', 1])).toBe(6250);
  });

  it('takes the oldest of several queries; one written by hand makes it unknown', async () => {
    const { queryClient, later, answer, tick } = setup();
    const first = queryClient.fetchQuery({ queryKey: ['b', 'x'], queryFn: later(1) });
    tick(100);
    const second = queryClient.fetchQuery({ queryKey: ['b', 'y'], queryFn: later(2) });
    await answer();
    await Promise.all([first, second]);
    expect(shownSince(queryClient, [['b', 'y']])).toBe(1100);
    expect(shownSince(queryClient, [['b']])).toBe(1000);
    // Nothing under a key shows nothing: no send time to compare with.
    expect(shownSince(queryClient, [['nothing']])).toBeNull();

    queryClient.setQueryData(['b', 'x'], 3);
    expect(sentAtOf(queryClient, ['b', 'x'])).toBeUndefined();
    expect(shownSince(queryClient, [['b']])).toBeUndefined();
  });

  it("a fetch of more pages keeps the first pages' send time", async () => {
    const { queryClient, later, answer, tick } = setup();
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: ['list'],
      queryFn: ({ pageParam }) => later({ page: pageParam })(),
      initialPageParam: 0,
      getNextPageParam: (last: { page: number }) => last.page + 1,
    });
    const stop = observer.subscribe(() => {});
    await answer();
    expect(sentAtOf(queryClient, ['list'])).toBe(1000);
    tick(3000);
    const more = observer.fetchNextPage();
    await answer();
    await more;
    expect(queryClient.getQueryData<{ pages: unknown[] }>(['list'])?.pages).toHaveLength(2);
    expect(sentAtOf(queryClient, ['list'])).toBe(1000);
    stop();
  });

  it('seeded data takes the send time of the answer it came from, only while it is that seed', async () => {
    const { queryClient, later, answer, tick } = setup();
    const build = (key: string[], at: number) =>
      queryClient.getQueryCache().build(queryClient, {
        queryKey: key,
        queryFn: later('fetched'),
        initialData: 'seed',
        initialDataUpdatedAt: at,
      });
    build(['seeded'], 42);
    expect(sentAtOf(queryClient, ['seeded'])).toBeUndefined(); // set by hand: not known
    noteSeeded(queryClient, ['seeded'], { at: 41, sentAt: 900 }); // another answer's seed: ignored
    expect(sentAtOf(queryClient, ['seeded'])).toBeUndefined();
    noteSeeded(queryClient, ['seeded'], { at: 42, sentAt: 900 });
    expect(sentAtOf(queryClient, ['seeded'])).toBe(900);
    // A later seed does not make data already known any younger.
    noteSeeded(queryClient, ['seeded'], { at: 42, sentAt: 950 });
    expect(sentAtOf(queryClient, ['seeded'])).toBe(900);

    // Fetched since: the fetch's own send time; a seed claiming the old data no longer applies.
    tick(500);
    const fetched = queryClient.fetchQuery({ queryKey: ['seeded'], queryFn: later('fetched') });
    await answer();
    await fetched;
    expect(sentAtOf(queryClient, ['seeded'])).toBe(1500);
  });
});

describe('the catch-up rule', () => {
  it('skips only when the answer came sooner after the read was sent than the topic was quiet', () => {
    // Read sent at 1000, confirmation at 1300: 300 ms between them.
    expect(missedNothing(1300, 1000, 301)).toBe(true);
    expect(missedNothing(1300, 1000, 300)).toBe(false); // an event right as the read began: catch up
    expect(missedNothing(1300, 1000, 0)).toBe(false);
    expect(missedNothing(61_000, 1000, 60_000)).toBe(false);
  });
});
