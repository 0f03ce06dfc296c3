import {
  useQueryClient,
  type Query,
  type QueryCache,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';

/*
 * When the request behind each query's data was sent (performance.now(), this page's own clock),
 * for a live page to tell whether an event may have come after its read (useLiveTopic). A fetch's
 * start stands for its request's send time: the request leaves at that moment or later, so the
 * time is never later than the read. Data written by hand (setQueryData, initialData) has no send
 * time, unless whoever seeded it names the answer it came from (noteSeeded).
 */

type Sent = {
  /** When the request that produced the data was sent. */
  sentAt: number;
  /** The data this is about: the query's dataUpdatedAt when it was written. */
  dataUpdatedAt: number;
};

/**
 * Per query: the send time of its current data, and the fetch in flight (its start, and for a
 * fetch of more pages the send time of the pages it adds to).
 */
const sent = new WeakMap<Query, Sent>();
const fetching = new WeakMap<Query, { startedAt: number; more: boolean; before: number | undefined }>();

/** Starts noting send times for this cache's queries; returns the function that stops it. */
export function trackSendTimes(cache: QueryCache, now: () => number = () => performance.now()): () => void {
  return cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'fetch') {
      // A fetch of more pages (an infinite list's next or previous) keeps the earlier pages' read.
      const more = Boolean((action.meta as { fetchMore?: unknown } | undefined)?.fetchMore);
      fetching.set(query, { startedAt: now(), more, before: more ? current(query) : undefined });
    } else if (action.type === 'success') {
      const started = fetching.get(query);
      if (action.manual) {
        // Written by hand: not the answer of a request known here (nor what more pages add to).
        sent.delete(query);
        if (started) started.before = undefined;
        return;
      }
      fetching.delete(query);
      // The data is as old as its oldest page: for more pages, the earlier pages' read.
      const sentAt = started && (started.more ? started.before : started.startedAt);
      if (sentAt === undefined) sent.delete(query);
      else sent.set(query, { sentAt, dataUpdatedAt: query.state.dataUpdatedAt });
    } else if (action.type === 'error') fetching.delete(query);
  });
}

/** The send time of the query's current data, if known. */
function current(query: Query): number | undefined {
  const record = sent.get(query);
  return record && record.dataUpdatedAt === query.state.dataUpdatedAt ? record.sentAt : undefined;
}

/**
 * The oldest send time behind what these queries show (every query under each key, as
 * invalidateQueries matches them): for a query with data, the request that produced it; for one
 * still loading its first data, the fetch on its way. Queries without data or fetch show nothing
 * and are left out. `undefined` when one shown query's send time is not known (data set by hand);
 * `null` when none shows anything.
 */
export function shownSince(queryClient: QueryClient, keys: readonly QueryKey[]): number | null | undefined {
  let oldest: number | null = null;
  for (const queryKey of keys) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      let at: number | undefined;
      if (query.state.data !== undefined) at = current(query);
      else if (query.state.fetchStatus !== 'idle') at = fetching.get(query)?.startedAt;
      else continue;
      if (at === undefined) return undefined;
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
  }
  return oldest;
}

/**
 * The query's data was seeded from another answer (e.g. a post's answer carrying its comments):
 * it is given that answer's send time, provided its data is still that seed, which the seeder
 * marks by giving it the answer's receive time as its dataUpdatedAt (initialDataUpdatedAt: `at`).
 * Data that was since fetched or written by hand keeps what it has.
 */
export function noteSeeded(
  queryClient: QueryClient,
  queryKey: QueryKey,
  source: { at: number; sentAt: number | undefined },
): void {
  if (source.sentAt === undefined) return;
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query || query.state.data === undefined || query.state.dataUpdatedAt !== source.at) return;
  if (current(query) !== undefined) return;
  sent.set(query, { sentAt: source.sentAt, dataUpdatedAt: source.at });
}

/** When the request behind this query's current data was sent, if known (to seed other queries with). */
export function sentAtOf(queryClient: QueryClient, queryKey: QueryKey): number | undefined {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  return query && query.state.data !== undefined ? current(query) : undefined;
}

/**
 * noteSeeded for a hook that seeds its query from another answer: while mounted, and again when
 * the seed changes. `seed` is undefined when nothing was seeded (or its time is unknown).
 */
export function useNoteSeeded(
  queryKey: QueryKey,
  seed: { at: number | undefined; sentAt?: number | undefined } | undefined,
): void {
  const queryClient = useQueryClient();
  const at = seed?.at;
  const sentAt = seed?.sentAt;
  const hash = JSON.stringify(queryKey);
  useEffect(() => {
    if (at !== undefined) noteSeeded(queryClient, JSON.parse(hash) as QueryKey, { at, sentAt });
  }, [queryClient, hash, at, sentAt]);
}
