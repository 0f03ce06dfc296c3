import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Statement } from '../../db/client';

/*
 * Search's statements, written once per shape (docs/decisions/037). A search statement unions some
 * twenty tiers, each with its provider's visibility rules; building it with drizzle on every
 * request was most of the server's CPU for a search (and most of its garbage). Here a statement is
 * built once with stand-in values, its text kept, and a request only puts its own values in the
 * stand-ins' places.
 */

/** A request's values: the viewer, the forms of the typed text, a tier's limit and skip. */
export type Slots = Record<string, string | number>;

/** A statement's text, and how a request's slots make its values. */
type Template = { text: string; values: ((slots: Slots) => unknown)[]; statement(slots: Slots): Statement };

const dialect = new PgDialect();

/**
 * Two different stand-ins per slot, so a value a builder derives from a slot other than by
 * writing it inside a string (its length, its lower case, a sum) shows as a difference the second
 * build does not explain, and the shape is not kept. Strings mix cases and lengths; numbers are
 * far from any limit a search uses.
 */
const standIn = (name: string, kind: 'string' | 'number', round: 0 | 1): string | number =>
  kind === 'number'
    ? (round ? 2_000_000_011 : 1_000_000_003) + (round ? 13 : 7) * name.length * 31 + hash(name)
    : round
      ? `\u0002Sb${name}\u0002bB\u0002`
      : `\u0001Aa${name}\u0001`;

function hash(s: string) {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 100_003;
  return h;
}

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

/**
 * The template of what `build` writes for the slots `kinds` names, or null when the statement
 * cannot be one: its text changes with the values, or a value is not a slot, a string holding
 * slots, or the same in both builds (a constant).
 */
export function templateOf(
  kinds: Record<string, 'string' | 'number'>,
  build: (slots: Slots) => SQL,
): Template | null {
  const names = Object.keys(kinds);
  const rounds = ([0, 1] as const).map((round) => {
    const slots: Slots = {};
    for (const name of names) slots[name] = standIn(name, kinds[name]!, round);
    return { slots, query: dialect.sqlToQuery(build(slots)) };
  });
  const [a, b] = rounds as [(typeof rounds)[0], (typeof rounds)[0]];
  if (a.query.sql !== b.query.sql) return null;
  // Each parameter once, in order ($1, $2, …), and no other dollar sign: writtenSql cuts the text there.
  const marks = a.query.sql.match(/\$\d*/g) ?? [];
  if (marks.some((m, i) => m !== `$${i + 1}`) || marks.length !== a.query.params.length) return null;
  const values: ((slots: Slots) => unknown)[] = [];
  for (let i = 0; i < a.query.params.length; i++) {
    const va = a.query.params[i];
    const vb = b.query.params[i];
    const direct = names.find((name) => va === a.slots[name] && vb === b.slots[name]);
    if (direct) {
      values.push((slots) => slots[direct]);
      continue;
    }
    if (same(va, vb)) {
      values.push(() => va);
      continue;
    }
    const inside =
      typeof va === 'string'
        ? names.filter((n) => kinds[n] === 'string' && va.includes(a.slots[n] as string))
        : [];
    const fill = (slots: Slots) =>
      inside.reduce((s, n) => s.split(a.slots[n] as string).join(slots[n] as string), va as string);
    if (!inside.length || fill(b.slots) !== vb) return null;
    values.push(fill);
  }
  return {
    text: a.query.sql,
    values,
    statement: (slots) => ({ text: a.query.sql, values: values.map((v) => v(slots)) }),
  };
}

/**
 * Templates by shape (which tiers, of which providers, in which statement). Shapes are few (the
 * providers' tiers for short and longer texts, per tab, per set of tiers a page reads); past the
 * bound a shape is still built, just not kept.
 */
const MAX_SHAPES = 500;
const templates = new Map<string, Template | null>();

function cachedTemplate(
  shape: string,
  kinds: Record<string, 'string' | 'number'>,
  build: (slots: Slots) => SQL,
): Template | null {
  let template = templates.get(shape);
  if (template === undefined) {
    template = templateOf(kinds, build);
    if (templates.size < MAX_SHAPES) templates.set(shape, template);
  }
  return template;
}

/**
 * For tests: `compare` builds every statement afresh as well and throws when the template's text or
 * values differ; `unwritten` collects the shapes that could not be templates.
 */
export const templateChecks = { compare: false, unwritten: new Set<string>() };

/**
 * A statement of this shape for these slots: its template bound (built once per shape), or, for a
 * shape that cannot be one (templateOf), built for this request.
 */
export function boundSql(
  shape: string,
  kinds: Record<string, 'string' | 'number'>,
  slots: Slots,
  build: (slots: Slots) => SQL,
): SQL {
  const template = cachedTemplate(shape, kinds, build);
  if (!template) {
    templateChecks.unwritten.add(shape);
    return build(slots);
  }
  const statement = template.statement(slots);
  if (templateChecks.compare) {
    const fresh = dialect.sqlToQuery(build(slots));
    if (fresh.sql !== statement.text || JSON.stringify(fresh.params) !== JSON.stringify(statement.values))
      throw new Error(`search statement ${shape}: its template differs from a fresh build`);
  }
  return writtenSql(statement);
}

/** Forget every template (the providers changed: a test booting another app). */
export function forgetTemplates() {
  templates.clear();
}

const written = new WeakMap<SQL, Statement>();

/**
 * A statement already written, as drizzle SQL too: code that wraps it (EXPLAIN in the plan tests
 * and the benchmark) reads its text and values as chunks, made only when asked; the service runs
 * the statement as it is (statementOf).
 */
export function writtenSql(statement: Statement): SQL {
  const query = new SQL([]);
  Object.defineProperty(query, 'queryChunks', {
    get: () =>
      statement.text
        .split(/\$(\d+)(?!\d)/)
        .map((part, i) => (i % 2 ? new Param(statement.values[Number(part) - 1]) : new StringChunk(part))),
  });
  written.set(query, statement);
  return query;
}

/** The statement a writtenSql stands for. */
export const statementOf = (query: SQL): Statement | undefined => written.get(query);
