import type { UIMatch } from 'react-router';

/** Static data on a route: the document title and, for unbuilt areas, the section name. */
export type RouteHandle = {
  /** Becomes "{title} · Cofound" in the browser tab. */
  title?: string;
  /** Heading of the shared "coming soon" page until the area is built. */
  section?: string;
};

/** The handle of the deepest matched route that sets `key`. */
export function findHandleValue(matches: UIMatch[], key: keyof RouteHandle): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    const value = handle?.[key];
    if (value) return value;
  }
  return undefined;
}
