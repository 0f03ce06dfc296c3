import { mentionsToSnippet } from '@common/core/mentions';
import { SEARCH, type SearchPage, type SearchResult, type SearchSuggestions } from '@common/search/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsPlannedOnce, queryStatement, type Db } from '../../db/client';
import {
  pluralLabelOf,
  SEARCH_LEVELS,
  searchProviders,
  searchTerms,
  searchTierCount,
  searchTierRows,
  type SearchLevel,
  type SearchProvider,
  type SearchTerms,
  type SearchTier,
} from '../../platform/search-providers';
import { boundSql, forgetTemplates, statementOf, type Slots } from './statements';

// The search benchmark and plan test build the same query.
export { searchTerms };

/** Counted this far, a search stops counting: the heading shows '200+'. */
const ROOM = SEARCH.countCap + 1;

/**
 * Every provider's tiers in list order: by level, then by provider (people first); with `type`,
 * that provider's only (the results page's tabs).
 */
export function orderedTiers(
  viewerId: string,
  terms: SearchTerms,
  fuzzy = true,
  type?: string,
): SearchTier[] {
  const tiers = searchProviders().flatMap((p, provider) =>
    type !== undefined && p.type !== type
      ? []
      : p.tiers({ viewerId, terms }).map((tier) => ({ tier, provider })),
  );
  return tiers
    .filter(({ tier }) => fuzzy || tier.level !== 'near')
    .sort(
      (a, b) =>
        SEARCH_LEVELS.indexOf(a.tier.level) - SEARCH_LEVELS.indexOf(b.tier.level) || a.provider - b.provider,
    )
    .map(({ tier }) => tier);
}

/** Where a statement starts: matches counted before its tiers (capped), and how many were plain. */
type Start = { before: number; plain: number };

/** The page's place in the list. */
function pageWindow(page: number) {
  const offset = (page - 1) * SEARCH.pageSize;
  return { offset, end: Math.min(offset + SEARCH.pageSize, SEARCH.countCap) };
}

/**
 * One statement for consecutive tiers of the list (docs/decisions/013). First each tier is counted, in
 * list order, each count stopping where the running total passes SEARCH.countCap, and a tier after
 * that is not read at all; `near` tiers (typos) are counted only when the plain ones found fewer
 * than a page. Then only the tiers the page falls in are read, each in its own order, as far as
 * the page reaches. Nothing is ranked across tiers: the list is the tiers one after the other.
 * Every row carries `total` (counted so far, capped), `plain` (of which not near) and `capped` (a
 * tier stopped at its candidates); a page with none of its rows here has one row of nulls.
 */
function tiersQuery(tiers: SearchTier[], start: Start, page: number): SQL {
  const { offset, end } = pageWindow(page);
  const c = (i: number) => sql.raw(`c${i}`);
  // c{i}: s = matches before tier i, p = plain ones among them, n = tier i's (at most the room left).
  const counts = tiers.map((tier, i) => {
    const prev =
      i === 0
        ? { s: sql`${start.before}::int`, p: sql`${start.plain}::int`, from: sql`` }
        : { s: sql`${c(i - 1)}.s + ${c(i - 1)}.n`, p: sql`${c(i - 1)}.p`, from: sql` from ${c(i - 1)}` };
    const plain = i > 0 && tiers[i - 1]!.level !== 'near' ? sql`${prev.p} + ${c(i - 1)}.n` : prev.p;
    const skip =
      tier.level === 'near'
        ? sql`${prev.s} >= ${ROOM} or ${plain} >= ${SEARCH.pageSize}`
        : sql`${prev.s} >= ${ROOM}`;
    return sql`${c(i)} as (select ${prev.s} as s, ${plain} as p,
      case when ${skip} then 0 else (${searchTierCount(tier, sql`${ROOM} - (${prev.s})`)}) end as n${prev.from})`;
  });
  const last = tiers.length - 1;
  const arms = tiers.map((tier, i) => {
    const limit = sql`(select greatest(0, least(${end}, s + n) - greatest(${offset}, s)) from ${c(i)})`;
    const skip = sql`(select greatest(0, ${offset} - s) from ${c(i)})`;
    return sql`select ${sql.raw(String(i))} as tier, row_number() over () as pos, t.*
      from (${searchTierRows(tier, limit, skip)}) t`;
  });
  // A tier read up to its candidates may have had more (near matches past SEARCH.nearCap).
  const full = tiers.flatMap((tier, i) =>
    tier.candidates ? [sql`(select n from ${c(i)}) >= ${tier.candidates}`] : [],
  );
  const plainTotal = tiers[last]!.level === 'near' ? sql`${c(last)}.p` : sql`${c(last)}.p + ${c(last)}.n`;
  return sql`with ${sql.join(counts, sql`, `)}
    select r.*, ${c(last)}.s + ${c(last)}.n as total, ${plainTotal} as plain,
      ${full.length ? sql.join(full, sql` or `) : sql`false`} as capped
    from ${c(last)} left join lateral (${sql.join(arms, sql` union all `)}) r on true
    order by r.tier, r.pos`;
}

/**
 * The whole search for a page as one statement: every tier counted and read as the statements of
 * `runSearch` are (the plan tests explain it; a test checks the results are the same). Slow to
 * plan, so the service does not run it.
 */
export function searchQuery(viewerId: string, terms: SearchTerms, page: number, fuzzy = true): SQL {
  return tiersQuery(orderedTiers(viewerId, terms, fuzzy), { before: 0, plain: 0 }, page);
}

type Row = {
  type: string;
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  date: string | Date | null;
  image_url: string | null;
  url: string;
};

/**
 * Runs a statement, answering its rows (the bench's explain runs it under EXPLAIN as well).
 * `counts` marks the plain tiers' counts statement: the service runs it on sessions that keep its
 * generic plan (queryRowsPlannedOnce), since its twenty-odd tiers took some 46 ms to plan and 5 to
 * run. The tiers' rows keep a plan made for their text: for a common word an index's order beats
 * sorting every trigram match, which a generic plan cannot know.
 */
export type SearchExec = (query: SQL, kind?: 'counts') => Promise<Record<string, unknown>[]>;

/**
 * Runs one search page (docs/decisions/013) in two to four small statements: the plain tiers' counts
 * (countsQuery; the contains tiers' only when the others left room, COUNTED_APART); near tiers (typos), only while the plain ones are fewer than a page, read whole
 * (at most SEARCH.nearCap each: counting them is reading them); then the rows of the tiers the
 * page falls in, each from the page's place in it. One statement chaining every tier's count and
 * rows through CTEs took longer to plan than to run. Each statement is written once per shape and
 * bound per request (docs/decisions/037): `exec` gets SQL standing for the bound statement.
 */
export async function runSearch(
  exec: SearchExec,
  viewerId: string,
  text: string,
  page: number,
  type?: string,
) {
  const terms = searchTerms(text);
  const slots = slotsOf(viewerId, terms);
  const shape = `${terms.short ? 'short' : 'long'}|${type ?? ''}`;
  // The tiers' levels and caps, as the providers give them for any text of this length.
  const tiers = shapeTiers(shape, terms.short, type);
  const { offset, end } = pageWindow(page);
  const spans: { tier: ShapeTier; start: number; n: number; read?: Row[] }[] = [];
  let counted = 0;
  let plain = 0;
  let capped = false;
  if (offset >= SEARCH.countCap) return { rows: [] as Row[], counted, capped };
  const add = (tier: ShapeTier, found: number, read?: Row[]) => {
    const n = Math.min(found, ROOM - counted);
    spans.push({ tier, start: counted, n, read });
    counted += n;
    if (tier.level !== 'near') plain += n;
    if (tier.candidates && n >= tier.candidates) capped = true;
  };
  // Each statement's tiers, built anew from the slots (for its template, or when it has none).
  const built = (s: Slots) => orderedTiers(s.viewer as string, termsOf(s, terms.short), true, type);
  // The plain tiers, counted in list order (COUNTED_APART); a part after the room is full is not run.
  for (const levels of COUNTED_APART) {
    const part = tiers.filter((t) => levels.includes(t.level));
    if (!part.length) continue;
    if (counted >= ROOM) {
      part.forEach((tier) => add(tier, 0));
      continue;
    }
    const query = boundSql(
      `counts|${levels.join(',')}|${shape}`,
      { ...TERM_SLOTS, before: 'number' },
      { ...slots, before: counted },
      (s) =>
        countsQuery(
          built(s).filter((t) => levels.includes(t.level)),
          s.before as number,
        ),
    );
    const [row] = await exec(query, 'counts');
    part.forEach((tier, i) => add(tier, Number(row![`n${i}`])));
  }
  const near = tiers.filter((t) => t.level === 'near');
  if (near.length && counted < ROOM && plain < SEARCH.pageSize) {
    const query = boundSql(
      `near|${shape}`,
      { ...TERM_SLOTS, limit: 'number' },
      { ...slots, limit: ROOM - counted },
      (s) =>
        armsQuery(
          built(s)
            .filter((t) => t.level === 'near')
            .map((tier, i) => ({ i, tier, limit: s.limit as number, skip: 0 })),
        ),
    );
    const read = (await exec(query)) as (Row & { tier: number })[];
    near.forEach((tier, i) => {
      const own = read.filter((r) => Number(r.tier) === i);
      add(tier, own.length, own);
    });
  }
  const rows: Row[] = [];
  const arms: { i: number; at: number; limit: number; skip: number }[] = [];
  spans.forEach(({ tier, start, n, read }, i) => {
    const from = Math.max(offset, start);
    const upTo = Math.min(end, start + n);
    if (upTo <= from) return;
    if (read) rows.push(...read.slice(from - start, upTo - start));
    else arms.push({ i, at: tier.at, limit: upTo - from, skip: from - start });
  });
  // Tiers come in list order, and near ones (already read) last.
  if (arms.length) {
    const kinds: Record<string, 'string' | 'number'> = { ...TERM_SLOTS };
    const values: Slots = { ...slots };
    for (const { i, limit, skip } of arms) {
      kinds[`l${i}`] = kinds[`s${i}`] = 'number';
      values[`l${i}`] = limit;
      values[`s${i}`] = skip;
    }
    const query = boundSql(`rows|${shape}|${arms.map((a) => a.i).join(',')}`, kinds, values, (s) => {
      const all = built(s);
      return armsQuery(
        arms.map(({ i, at }) => ({
          i,
          tier: all[at]!,
          limit: s[`l${i}`] as number,
          skip: s[`s${i}`] as number,
        })),
      );
    });
    rows.unshift(...((await exec(query)) as Row[]));
  }
  return { rows, counted, capped };
}

/** The slots of a search's terms (and its viewer), each a bound value of its statements. */
const TERM_SLOTS = {
  viewer: 'string',
  text: 'string',
  lower: 'string',
  contains: 'string',
  prefix: 'string',
  upTo: 'string',
  wordPrefix: 'string',
} as const satisfies Record<string, 'string'>;

function slotsOf(viewerId: string, terms: SearchTerms): Slots {
  const { text, lower, contains, prefix, upTo, wordPrefix } = terms;
  return { viewer: viewerId, text, lower, contains, prefix, upTo, wordPrefix };
}

/**
 * The terms a statement is built from. Providers write the terms only as bound values, and choose
 * their tiers by `short` alone (the provider contract), so any text of the same length class
 * builds the same statement.
 */
function termsOf(slots: Slots, short: boolean): SearchTerms {
  const s = slots as Record<keyof typeof TERM_SLOTS, string>;
  return {
    text: s.text,
    lower: s.lower,
    contains: s.contains,
    prefix: s.prefix,
    upTo: s.upTo,
    wordPrefix: s.wordPrefix,
    short,
  };
}

/** A tier of a shape: its level, its cap, and its place among the shape's tiers. */
type ShapeTier = { level: SearchLevel; candidates?: number; at: number };

const shapes = new Map<string, ShapeTier[]>();
let providersSeen: SearchProvider[] = [];

/**
 * The tiers of a shape (short or longer text, tab), from the providers' answer for a stand-in text.
 * The providers are fixed once the server has booted; a test booting another app with others
 * starts afresh.
 */
function shapeTiers(shape: string, short: boolean, type: string | undefined): ShapeTier[] {
  checkProviders(searchProviders());
  let tiers = shapes.get(shape);
  if (!tiers) {
    tiers = orderedTiers('', searchTerms(short ? 'a' : 'abc'), true, type).map((t, at) => ({
      level: t.level,
      candidates: t.candidates,
      at,
    }));
    shapes.set(shape, tiers);
  }
  return tiers;
}

/** Shapes and templates are the registered providers': others registered, they are made anew. */
function checkProviders(providers: SearchProvider[]) {
  if (providers.length !== providersSeen.length || providers.some((p, i) => p !== providersSeen[i])) {
    providersSeen = providers;
    shapes.clear();
    forgetTemplates();
  }
}

/**
 * One row: `n<i>` the matches of plain tier i, counted in list order, each only up to the room the
 * tiers before it left (ROOM less their matches), and not at all once they filled it. What is
 * counted past the room never shows: the service keeps each tier's count only up to the room left
 * (runSearch's `add`), so a common word stops at its first tier of 201 instead of counting 201 in
 * every tier of its level (docs/scaling.md, "Seventh round: search"). Each tier is a layer of its
 * own (OFFSET 0 keeps a layer's counts from being recomputed by the next).
 */
function countsQuery(tiers: SearchTier[], start: number): SQL {
  let query: SQL | null = null;
  tiers.forEach((tier, i) => {
    const before = sql.join(
      [sql`${start}::int`, ...Array.from({ length: i }, (_, j) => sql.raw(`s.n${j}`))],
      sql` + `,
    );
    const n = sql.raw(`n${i}`);
    query = query
      ? sql`select s.*, case when ${before} >= ${ROOM} then 0
          else (${searchTierCount(tier, sql`${ROOM} - (${before})`)}) end as ${n} from (${query} offset 0) s`
      : sql`select (${searchTierCount(tier, sql`${ROOM} - ${before}`)}) as ${n}`;
  });
  return query ?? sql`select`;
}

/**
 * The plain tiers' counts run as two statements, the second only when the first left room: the
 * exact, prefix and word tiers, then the text inside a word (a trigram match, the dearest to
 * count). A common name or word fills the room in the first, and PostgreSQL no longer starts (nor
 * binds) the contains tiers' part of a plan it never runs.
 */
const COUNTED_APART: SearchLevel[][] = [['exact', 'prefix', 'word'], ['contains']];

type Arm = { i: number; tier: SearchTier; limit: number; skip: number };

/** Rows of several tiers in one statement, in list order (`tier`, then each tier's own order). */
function armsQuery(arms: Arm[]): SQL {
  return sql`${sql.join(
    arms.map(
      ({ i, tier, limit, skip }) => sql`select ${sql.raw(String(i))} as tier, row_number() over () as pos, t.*
        from (${searchTierRows(tier, limit, skip)}) t`,
    ),
    sql` union all `,
  )} order by tier, pos`;
}

/** Runs a statement of search, bound (statementOf) or built. */
function run<T>(db: Db, query: SQL, plannedOnce = false): Promise<T[]> {
  const statement = statementOf(query);
  if (statement) return queryStatement<T>(db, statement, { plannedOnce });
  return plannedOnce ? queryRowsPlannedOnce<T>(db, query) : queryRows<T>(db, query);
}

function toResult(r: Row, labels: Map<string, string>): SearchResult {
  return {
    type: r.type,
    label: labels.get(r.type) ?? r.type,
    id: r.id,
    // A mention reads "@Name" in a snippet, as in any plain text (the token holds an id).
    title: mentionsToSnippet(r.title),
    description: r.description === null ? null : mentionsToSnippet(r.description),
    category: r.category,
    date: r.date ? new Date(r.date).toISOString() : null,
    imageUrl: r.image_url,
    url: r.url,
  };
}

export async function search(
  db: Db,
  viewerId: string,
  text: string,
  page: number,
  type?: string,
): Promise<SearchPage> {
  const known = type === undefined || searchProviders().some((p) => p.type === type);
  const { rows, counted, capped } = known
    ? await runSearch((q, kind) => run(db, q, kind === 'counts'), viewerId, text, page, type)
    : { rows: [] as Row[], counted: 0, capped: false };
  const offset = (page - 1) * SEARCH.pageSize;
  const total = Math.min(counted, SEARCH.countCap);
  const labels = new Map(searchProviders().map((p) => [p.type, p.label]));
  const results = rows.map((r) => toResult(r, labels));
  const shown = offset + results.length;
  return {
    query: text,
    results,
    total,
    totalCapped: counted > SEARCH.countCap || capped,
    nextPage: results.length === SEARCH.pageSize && shown < total ? page + 1 : null,
    types: searchProviders().map((p) => ({ type: p.type, label: pluralLabelOf(p) })),
  };
}

/** The levels suggestions read: those an index delivers in order, so each stops after a few rows. */
const SUGGEST_LEVELS: SearchLevel[] = ['exact', 'prefix', 'word'];

/**
 * Suggestions for the top bar's field as one statement (the plan tests explain it; the service runs
 * it in two parts, SUGGEST_SPLIT, with the same rows): each provider's exact, prefix and word
 * tiers (its name or title: exact, then starting with the text, then a later word or full text),
 * each read up to SEARCH.suggestPerType rows in its index's order; a tier ranked after reading
 * reads SEARCH.suggestCandidates at most. Nothing is counted and typos (trigram similarity, a
 * computation per candidate) are left to the results page: a keystroke costs a few short index
 * walks whatever the text. Rows come in provider order, then tier, then the tier's own order;
 * every tier applies its provider's visibility (private groups, blocks, banned people), as in search.
 */
export function suggestQuery(viewerId: string, terms: SearchTerms): SQL {
  return unionOf(suggestArms(viewerId, terms, SUGGEST_LEVELS));
}

/** The suggestion arms of these levels as one statement (suggest runs it twice: SUGGEST_SPLIT). */
export const suggestPartQuery = (viewerId: string, terms: SearchTerms, levels: SearchLevel[]) =>
  unionOf(suggestArms(viewerId, terms, levels));

/** The suggestion arms of these levels, in provider order. */
function suggestArms(viewerId: string, terms: SearchTerms, levels: SearchLevel[]): SQL[] {
  return searchProviders().flatMap((p, provider) =>
    p
      .tiers({ viewerId, terms })
      .filter((tier) => levels.includes(tier.level))
      .map((tier) => {
        const bounded: SearchTier = tier.candidates
          ? { ...tier, candidates: Math.min(tier.candidates, SEARCH.suggestCandidates) }
          : tier;
        return sql`select ${sql.raw(String(provider))} as provider,
            ${sql.raw(String(SEARCH_LEVELS.indexOf(tier.level)))} as level, row_number() over () as pos, t.*
          from (${searchTierRows(bounded, SEARCH.suggestPerType)}) t`;
      }),
  );
}

const unionOf = (arms: SQL[]) =>
  arms.length
    ? sql`${sql.join(arms, sql` union all `)} order by provider, level, pos`
    : sql`select null where false`;

/**
 * Suggestions run as two statements, together (docs/decisions/037). The exact and prefix arms are an
 * equality or a range on an index whatever the text (the provider contract: a prefix is a range,
 * not LIKE), so they run on the sessions that keep a generic plan (queryRowsPlannedOnce): planned
 * once per connection instead of on every keystroke. The word arms keep a plan made for their
 * text: a later word is a LIKE pattern, and a generic plan, not knowing how common the word is,
 * sorted every trigram match of a common one (38 ms against 0.2 for 'mar' in articles).
 */
const SUGGEST_SPLIT: { levels: SearchLevel[]; plannedOnce: boolean }[] = [
  { levels: ['exact', 'prefix'], plannedOnce: true },
  { levels: ['word'], plannedOnce: false },
];

export async function suggest(db: Db, viewerId: string, text: string): Promise<SearchSuggestions> {
  const terms = searchTerms(text);
  const slots = slotsOf(viewerId, terms);
  const providers = searchProviders();
  checkProviders(providers);
  type Suggested = Row & { provider: number; level: number; pos: number };
  const parts = await Promise.all(
    SUGGEST_SPLIT.map(({ levels, plannedOnce }) => {
      const query = boundSql(`suggest|${levels.join(',')}|${terms.short}`, TERM_SLOTS, slots, (s) =>
        suggestPartQuery(s.viewer as string, termsOf(s, terms.short), levels),
      );
      return run<Suggested>(db, query, plannedOnce);
    }),
  );
  // In the one statement's order (suggestQuery): provider, level, then the tier's own order.
  const rows = parts
    .flat()
    .sort(
      (a, b) =>
        Number(a.provider) - Number(b.provider) ||
        Number(a.level) - Number(b.level) ||
        Number(a.pos) - Number(b.pos),
    );
  const labels = new Map(providers.map((p) => [p.type, p.label]));
  const byProvider = new Map<number, { best: number; results: SearchResult[] }>();
  for (const row of rows) {
    const i = Number(row.provider);
    const entry = byProvider.get(i) ?? { best: Number(row.level), results: [] };
    byProvider.set(i, entry);
    // A tier can repeat a row a better one of another kind holds only across providers, never
    // within one (tiers are disjoint); the first SEARCH.suggestPerType in tier order stay.
    if (entry.results.length < SEARCH.suggestPerType) entry.results.push(toResult(row, labels));
  }
  // The type with the best match first (a group's exact name before people whose later word
  // starts with it), then the registration order (people first).
  const types = [...byProvider.entries()]
    .sort(([a, x], [b, y]) => x.best - y.best || a - b)
    .map(([i, entry]) => ({
      type: providers[i]!.type,
      label: pluralLabelOf(providers[i]!),
      results: entry.results,
    }));
  return { query: text, types };
}
