import { MENTION_NAME_MAX, MENTION_PATTERN, mentionsToPlain } from './mention-token';

export { MENTION_PATTERN, mentionsToPlain } from './mention-token';

/*
 * Mentions (docs/decisions/027). A saved text names a person as `@[Name](id)`: the id is the stable
 * reference (the profile link, the notification, the current name), the name is what the writer
 * picked, kept only so places that show plain text (a notification, a mail, a preview) read
 * "@Ann Lee" rather than an id. Pages show the person's current name, looked up by id.
 */

/** The most different people one text may mention: a storm of names is refused, not cut. */
export const MENTION_MAX = 20;
/** The longest name kept inside a token (longer ones are cut when the token is made). */
export { MENTION_NAME_MAX } from './mention-token';

/** The @ picker's lookups (GET /api/people/mentionable, GET /api/people/names). */
export const MENTION_PICKER = {
  /** People offered at once, connections first. */
  results: 8,
  /** A name is looked for by its first letters: a longer query is not a name. */
  queryMax: 40,
  /** Current names asked for at once (a page of texts' mentions). */
  namesMax: 50,
  /** Lookups one person may make per window: a picker asks once per pause in typing. */
  perWindow: 600,
  windowSec: 5 * 60,
} as const;

export const MENTION_MSG = {
  tooMany: `You can mention at most ${MENTION_MAX} people in one text.`,
  pickerLabel: 'People to mention',
  noMatch: 'No one found',
  found: (n: number) => (n === 1 ? '1 person found' : `${n} people found`),
  searching: 'Searching...',
  tooManyLookups: 'You are looking people up very fast. Please wait a minute and try again.',
  queryTooLong: 'Type the first letters of a name.',
  notificationTitle: 'New Mention',
  notificationText: (name: string, label: string, title?: string | null) =>
    `${name} mentioned you in a ${label}${title ? ` ${title}` : ''}`,
} as const;

/** A piece of text: words as they are, or a mention of a person. */
export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; id: string; name: string };

/** The name as a token may hold it: no brackets or line breaks, trimmed, cut to MENTION_NAME_MAX. */
export function mentionName(name: string): string {
  const clean = name
    .replace(/[[\]\n\r]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, MENTION_NAME_MAX).trim() || 'someone';
}

/** The token that mentions this person. */
export function mentionToken(person: { id: string; name: string }): string {
  return `@[${mentionName(person.name)}](${person.id.toLowerCase()})`;
}

/** Splits a text into plain words and mentions (ids lower-cased). */
export function parseMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'mention', name: match[1]!, id: match[2]!.toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The different people a text mentions, in order of first mention. */
export function mentionedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const part of parseMentions(text)) if (part.kind === 'mention') ids.add(part.id);
  return [...ids];
}

/** Whether the text mentions more people than MENTION_MAX (the schemas refuse it with MENTION_MSG.tooMany). */
export function hasTooManyMentions(text: string): boolean {
  return mentionedIds(text).length > MENTION_MAX;
}

/**
 * The `@word` being typed just before `caret`, if any: where it starts and what follows the @. It
 * starts a word (start of text or after a space, line break or opening bracket) and holds no
 * line break; up to 40 characters, so an e-mail address or an old @ further back is not taken.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[\n\r@[\]()]/.test(query) || /\s\s/.test(query)) return null;
  if (at > 0 && !/[\s([{]/.test(before[at - 1]!)) return null;
  return { start: at, query };
}

/** A string schema's check, `.refine(...withinMentionCap)`: the form and the API refuse a storm of names. */
export const withinMentionCap = [
  (text: string) => !hasTooManyMentions(text),
  { error: MENTION_MSG.tooMany },
] as const;

/** Markdown's own characters in a name, escaped so the name reads as written. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (c) => `\\${c}`);

/**
 * Markdown (an article's) with each mention as a link to the person's profile under `names`' name
 * for them (their current one); someone not in `names` (gone, blocked, not looked up) stays the
 * plain name the text holds.
 */
export function mentionsToMarkdown(text: string, names: ReadonlyMap<string, string> = new Map()): string {
  return parseMentions(text)
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const name = names.get(part.id);
      return name ? `[@${escapeMarkdown(name)}](/profile/${part.id})` : `@${escapeMarkdown(part.name)}`;
    })
    .join('');
}

/** A mention token cut off at the end of a text shortened in the database: `@[Ann Le`, `@[Ann Lee](3f2`. */
const CUT_MENTION = /@\[([^[\]\n]*)(?:\](?:\([0-9a-f-]*)?)?$/i;

/**
 * A snippet (a search result's title or description, which the database may have cut to a few
 * hundred characters) with each mention as "@Name", a token cut off at the end included.
 */
export function mentionsToSnippet(text: string): string {
  return mentionsToPlain(text).replace(CUT_MENTION, (_, name: string) => `@${name}`);
}
