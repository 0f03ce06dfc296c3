import { sql, type SQL } from 'drizzle-orm';

/*
 * The search registry (docs/decisions/009 and docs/decisions/013): each area's provider, registered from the
 * area's register(ctx) at boot. The search area reads them tier by tier; this file knows no area.
 */

/**
 * The text a person typed, prepared once for every provider. Nothing of it is ever SQL: each form
 * is a bound parameter, LIKE's wildcards are escaped, and full-text search takes it through
 * plainto_tsquery, which reads operators (& | ! quotes) as plain words.
 */
export type SearchTerms = {
  /** Trimmed, as typed. */
  text: string;
  /** Lower-cased. */
  lower: string;
  /** LIKE pattern: contains the text anywhere (wildcards escaped). */
  contains: string;
  /** LIKE pattern: starts with the text. */
  prefix: string;
  /**
   * Starts with the text, as a range for a text_pattern_ops btree: `x ~>=~ lower and x ~<~ upTo`
   * (the text, then U+10FFFF, the last code point, which no name holds). Unlike LIKE with a bound
   * parameter, a range lets a cached generic plan walk the index.
   */
  upTo: string;
  /** LIKE pattern: a word starts with the text (after a space). */
  wordPrefix: string;
  /** One or two characters: too short for trigrams, so providers match prefixes only. */
  short: boolean;
};

export function searchTerms(text: string): SearchTerms {
  const lower = text.toLowerCase();
  const escaped = lower.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return {
    text,
    lower,
    contains: `%${escaped}%`,
    prefix: `${escaped}%`,
    upTo: `${lower}\u{10FFFF}`,
    wordPrefix: `% ${escaped}%`,
    short: [...lower].length < 3,
  };
}

/**
 * How good a match is, best first. Search lists every provider's `exact` rows, then every `prefix`
 * row, and so on (people before content within a level, in registration order); `near` (typos)
 * only when the plain levels together found fewer than a page.
 */
export const SEARCH_LEVELS = ['exact', 'prefix', 'word', 'contains', 'near'] as const;
export type SearchLevel = (typeof SEARCH_LEVELS)[number];

/**
 * The columns every tier's `columns` selects, in this order (the search area unions the tiers).
 */
export const SEARCH_COLUMNS = [
  'type',
  'id',
  'title',
  'description',
  'category',
  'date',
  'image_url',
  'url',
] as const;

/**
 * One level of a provider's matches, read the way an index is read: in its order, stopped by a
 * LIMIT. The search area writes the statements (searchTierRows, searchTierCount); a tier only says
 * what matches and in which order, so it cannot fetch and rank more than the page needs.
 *
 * - `from` is FROM and WHERE: what matches at this level and not at a better one of the same
 *   provider (tiers are disjoint: a row is in one tier only), visible to the viewer only.
 * - `order` is an ORDER BY an index delivers, so the walk stops at the LIMIT, ending in a unique
 *   key so pages never repeat or skip a row. Bound parameters must not keep the index from being
 *   used in a cached generic plan: a prefix is a range (`terms.upTo`), not LIKE.
 * - Where no index has a useful order (similarity for typos, text inside a word), `sortKey` and
 *   `candidates` instead: the first `candidates` matches the index finds, sorted by `sortKey`
 *   (ascending), then id. The tier is counted up to `candidates` too; when it reaches them, the
 *   total is shown as capped ('205+').
 * - `countFrom`, when given, selects exactly the rows of `from`, cheaper: without the joins that
 *   only add columns, so the count is an index-only scan. The contract test compares the two.
 */
export type SearchTier = {
  level: SearchLevel;
  columns: SQL;
  from: SQL;
  countFrom?: SQL;
} & (
  { order: SQL; sortKey?: never; candidates?: never } | { sortKey: SQL; candidates: number; order?: never }
);

/**
 * A content type in search: its tiers for one query, best level first, at most one per level.
 * Each area registers its own when it lands (articles, groups, forums, events, ideas, business
 * pages), applying its own visibility (drafts, private groups, banned and blocked people) inside
 * every tier. `near` tiers (typos) are read only when the plain ones found fewer than a page;
 * `terms.short` (one or two letters) should read prefixes only.
 */
export type SearchProvider = {
  /** The `type` column of its rows: 'user' for people, else its content kind ('article'). */
  type: string;
  /** The badge on its results ('User', 'Article'). */
  label: string;
  /** Its tab on the results page and its heading among suggestions; default `label` + 's'. */
  pluralLabel?: string;
  tiers(args: { viewerId: string; terms: SearchTerms }): SearchTier[];
};

/** A tier's rows for a page: its columns in its order, `limit` of them after `offset`. */
export function searchTierRows(tier: SearchTier, limit: SQL | number, offset: SQL | number = 0): SQL {
  if (tier.order) {
    return sql`select ${tier.columns} from ${tier.from} order by ${tier.order} limit ${limit} offset ${offset}`;
  }
  const out = sql.raw(SEARCH_COLUMNS.map((c) => `c.${c}`).join(', '));
  return sql`select ${out} from (select ${tier.columns}, ${tier.sortKey} as sort_key from ${tier.from}
      limit ${tier.candidates}) c
    order by c.sort_key, c.id limit ${limit} offset ${offset}`;
}

/** A tier's matches counted, stopping at `limit` (and at its `candidates`). */
export function searchTierCount(tier: SearchTier, limit: SQL | number): SQL {
  const upTo = tier.order ? sql`${limit}` : sql`least((${limit})::bigint, ${tier.candidates}::bigint)`;
  return sql`select count(*)::int as n from (select 1 from ${tier.countFrom ?? tier.from} limit ${upTo}) m`;
}

const providers = new Map<string, SearchProvider>();

export function registerSearchProvider(provider: SearchProvider) {
  providers.set(provider.type, provider);
}

/** A provider's tab and heading ('Articles', 'People'). */
export const pluralLabelOf = (provider: SearchProvider) => provider.pluralLabel ?? `${provider.label}s`;

/** Every registered provider, in registration order. */
export function searchProviders(): SearchProvider[] {
  return [...providers.values()];
}
