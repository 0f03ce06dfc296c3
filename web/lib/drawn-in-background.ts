import { useDeferredValue, useState } from 'react';

/**
 * A page's data as the page draws it. A query's answer arrives in an urgent update, and React
 * draws an urgent update in one go: a group's, a profile's or an event's whole page was one task
 * of hundreds of milliseconds on a phone. Here the data's first arrival is drawn in a background
 * render instead, which React splits into tasks of about 5 ms and puts off while there is input to
 * handle; meanwhile the urgent render keeps what it showed (`undefined`: the page's skeleton).
 *
 * Only that first arrival waits: data already there when the component mounts (a page opened
 * again) is drawn at once, later changes of it (a refetch, a mutation) too, and going back to no
 * data (another page's id) shows the skeleton at once.
 */
export function useDrawnInBackground<T>(data: T | undefined): T | undefined {
  const isDrawn = useDeferredValue(data !== undefined);
  return isDrawn ? data : undefined;
}

/**
 * A list drawn a few items first: its first `first` items in the render that mounts it, the rest
 * in a background render (see useDrawnInBackground). `isComplete` says whether every item is
 * drawn, for what must follow the whole list (a next page's trigger). `items` must keep its
 * identity while it does not change (a memo), or every render of the caller starts over.
 */
export function useFirstFew<T>(items: T[], first: number): { shown: T[]; isComplete: boolean } {
  const [firstFew] = useState(() => (items.length > first ? items.slice(0, first) : undefined));
  const shown = useDeferredValue(items, firstFew);
  // Later changes are drawn in the background too, but the list is whole by then.
  return { shown, isComplete: shown !== firstFew };
}
