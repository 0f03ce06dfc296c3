import { UUID_SOURCE } from './ids';

/*
 * The mention token and its plain form, apart from the rest of mentions.ts: the feed's cards (in
 * the first view) show it, and a module there brings all its exports along.
 */

/** The longest name a token keeps. */
export const MENTION_NAME_MAX = 80;

/** One mention token; `g` to find them all. Group 1 is the name, group 2 the id. */
export const MENTION_PATTERN = new RegExp(
  `@\\[([^\\[\\]\\n]{1,${MENTION_NAME_MAX}})\\]\\((${UUID_SOURCE})\\)`,
  'gi',
);

/** The text with each mention as "@Name": for places that show plain text. */
export function mentionsToPlain(text: string): string {
  return text.replace(MENTION_PATTERN, (_, name: string) => `@${name}`);
}
