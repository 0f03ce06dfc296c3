import { pointsAtApi } from '@common/core/api-links';

/**
 * A piece of plain text: words as they are, or an http(s) address to show as a link. `noCard`: the
 * address was written in angle brackets, `<https://…>`, which asks for no link card (the brackets
 * are not shown; docs/decisions/028).
 */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string; noCard?: true };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence around an address rather than belonging to it. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '*']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** "https://x.com/a)." in "(see https://x.com/a)." ends before ")."; "…/Foo_(bar)" keeps its ")". */
function trimTrailing(url: string): string {
  let end = url.length;
  while (end > 0) {
    const char = url[end - 1] ?? '';
    const opener = CLOSERS[char];
    if (TRAILING.has(char)) end--;
    else if (opener && count(url.slice(0, end), char) > count(url.slice(0, end), opener)) end--;
    else break;
  }
  return url.slice(0, end);
}

/** The address's normalised href when it is a valid http(s) URL with a host, else null. */
function toHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return null;
    return parsed.href;
  } catch {
    return null;
  }
}

type Found = { start: number; end: number; url: string; href: string; isBracketed: boolean };

/** Every address in the text worth a link, in order, with where it stands. */
function* scanLinks(text: string): Generator<Found> {
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimTrailing(match[0]);
    const href = toHref(url);
    // An address into our own API stays text (common/core/api-links.ts).
    if (!href || pointsAtApi(href)) continue;
    const start = match.index;
    const end = start + url.length;
    yield { start, end, url, href, isBracketed: text[start - 1] === '<' && text[end] === '>' };
  }
}

/**
 * Splits plain text into text and http(s) links, to render as text nodes and anchors (never as
 * HTML). Other schemes (javascript:, data:, mailto:) stay text.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const { start, end, url, href, isBracketed } of scanLinks(text)) {
    pushText(text.slice(last, isBracketed ? start - 1 : start));
    parts.push(
      isBracketed ? { kind: 'link', text: url, href, noCard: true } : { kind: 'link', text: url, href },
    );
    last = isBracketed ? end + 1 : end;
  }
  pushText(text.slice(last));
  return parts;
}

/**
 * The address whose card a text shows: its first link, unless that one is written `<https://…>`
 * (the author took the card off). Null when there is none.
 */
export function cardLinkOf(text: string): string | null {
  const first = scanLinks(text).next();
  return first.done || first.value.isBracketed ? null : first.value.href;
}

/** The text with its first link put in angle brackets: the same words, no card. */
export function withoutCard(text: string): string {
  const first = scanLinks(text).next();
  if (first.done || first.value.isBracketed) return text;
  const { start, end } = first.value;
  return `${text.slice(0, start)}<${text.slice(start, end)}>${text.slice(end)}`;
}
