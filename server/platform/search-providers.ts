import type { SQL } from 'drizzle-orm';

/*
 * The search registry (decision 009): each area's provider, registered from the area's register(ctx)
 * at boot. The search area unions them; this file knows no area.
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
    wordPrefix: `% ${escaped}%`,
    short: [...lower].length < 3,
  };
}

/**
 * A content type in search. `query` returns SQL selecting, for what the viewer may see only,
 * the columns type, id, title, description, category, date, image_url, url and rank (higher is
 * better; about 0 to 4), best first, at most `limit` rows. Each area registers its own when it
 * lands (articles, groups, forums, events, ideas, business pages), applying its own visibility
 * (drafts, private groups, banned and blocked people) inside that SQL. With `fuzzy`, it also
 * returns near matches (typos); search asks for them only when plain matches are few, since
 * ranking by similarity means scoring every candidate.
 */
export type SearchProvider = {
  /** The `type` column of its rows: 'user' for people, else its content kind ('article'). */
  type: string;
  /** The badge on its results ('User', 'Article'). */
  label: string;
  query(args: { viewerId: string; terms: SearchTerms; limit: number; fuzzy: boolean }): SQL;
};

const providers = new Map<string, SearchProvider>();

export function registerSearchProvider(provider: SearchProvider) {
  providers.set(provider.type, provider);
}

/** Every registered provider, in registration order. */
export function searchProviders(): SearchProvider[] {
  return [...providers.values()];
}
