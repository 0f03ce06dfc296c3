import type { SQL } from 'drizzle-orm';

/*
 * People you may know: besides friends of friends and shared skills or company (the connections
 * area's own), other areas supply people a member may know, each with the reason shown on the card
 * (docs/decisions/038). Each source is registered from its area's register(ctx); this file knows
 * no area.
 */

/**
 * A way two members may know each other that an area knows of (e.g. sharing a group). Both SQL
 * fragments must only ever name what the viewer may see (their own memberships, nothing private
 * to others), and may name anyone: the people area leaves out the viewer, their connections,
 * dismissals, blocks either way and hidden accounts itself.
 */
export type SuggestionSource = {
  /** Lower-case words joined by dashes, e.g. shared-groups. */
  name: string;
  /** What one unit of `strength` adds to a candidate's rank (a mutual friend adds 3). */
  weight: number;
  /**
   * SQL: `select id, strength` (uuid, int), the people this source offers `viewerId`, strongest
   * first, at most `limit` (index-bounded: it runs once per viewer every few minutes).
   */
  candidates(viewerId: string, limit: number): SQL;
  /**
   * SQL text or null: the reason shown for the person in column `person` (e.g. 'In Climate
   * Founders'); null when the source no longer links them. Read again whenever the card is served,
   * so a reason ends as soon as what it says stops being true.
   */
  reason(viewerId: string, person: SQL): SQL<string | null>;
};

const sources = new Map<string, SuggestionSource>();

export function registerSuggestionSource(source: SuggestionSource): void {
  sources.set(source.name, source);
}

/** Every registered source, in registration order. */
export function suggestionSources(): SuggestionSource[] {
  return [...sources.values()];
}
