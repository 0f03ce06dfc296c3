import MarkdownIt from 'markdown-it';
import { pointsAtApi } from './api-links';

export { addMarkdownSiteOrigin, pointsAtApi } from './api-links';

/**
 * Article markdown to HTML that is safe to put in a page (docs/decisions/011).
 * Used by the server (an article's `html`) and the editor's preview, so both show the same thing.
 *
 * Safety comes from what markdown-it is allowed to produce, not from cleaning HTML afterwards:
 * - `html: false`: any HTML the author writes (script, iframe, style, on* attributes, svg) is
 *   shown as text, escaped;
 * - links and images: only http(s), mailto and same-site paths survive (`validateLink`); a
 *   javascript:, data:, vbscript: or file: URL leaves the text unlinked;
 * - none may point into this site's API (/api/…, however spelled, or an absolute URL to this
 *   site): a picture there is a request the reader's browser makes with their cookies, the way an
 *   article once signed every reader into the author's account through a confirmation link.
 *   Articles refuse such links when saved (`apiLinksIn`); one stored before is rendered unlinked;
 * - every link opens in a new tab without access to this page (noopener noreferrer) and tells
 *   search engines it is the author's (nofollow ugc).
 */

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });

/** While apiLinksIn parses: the API links met (markdown-it checks every link, image and autolink here). */
let apiLinksMet: string[] | null = null;
md.validateLink = (url: string) => {
  if (!SAFE_URL.test(url.trim())) return false;
  if (!pointsAtApi(url)) return true;
  apiLinksMet?.push(url);
  return false;
};

/** The links and pictures of `markdown` that point into this site's API (none may be saved). */
export function apiLinksIn(markdown: string): string[] {
  apiLinksMet = [];
  try {
    md.parse(markdown, {});
    return [...new Set(apiLinksMet)];
  } finally {
    apiLinksMet = null;
  }
}

const renderToken = md.renderer.renderToken.bind(md.renderer);
md.renderer.rules.link_open = (tokens, idx, options) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow ugc');
  return renderToken(tokens, idx, options);
};
const renderImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('loading', 'lazy');
  // Pictures from other sites do not learn which article they are shown in.
  token.attrSet('referrerpolicy', 'no-referrer');
  return renderImage(tokens, idx, options, env, self);
};

/** Safe HTML for an article's markdown. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}

/** Marks where a heading ended, while the text is put together; never in the result. */
const HEADING_END = '\uE000';

/** The words of an article without markup (excerpts, previews, search snippets). */
export function markdownToText(markdown: string): string {
  const tokens = md.parse(markdown, {});
  const parts: string[] = [];
  for (const token of tokens) {
    // A heading reads as a sentence of its own ('Why small teams win. Ship…'), not run into the text.
    // So does each item of a list (issue 21): 'Ship fast. Talk to users.', not 'Ship fast Talk to users'.
    if (token.type === 'heading_close' || token.type === 'list_item_close') {
      // Before the space that follows the heading's words.
      parts.splice(Math.max(parts.length - 1, 0), 0, HEADING_END);
      continue;
    }
    if (token.type !== 'inline' || !token.children) {
      if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
      continue;
    }
    for (const child of token.children) {
      if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
      else if (child.type === 'softbreak' || child.type === 'hardbreak') parts.push(' ');
      else if (child.type === 'image') parts.push(child.content);
    }
    parts.push(' ');
  }
  // The excerpt is the content "stripped of tags". HTML the author typed is only
  // text here, but an excerpt travels (feed items, search results, mail) and must read as prose.
  // Again while something changes (taking out an inner tag can close an outer one: <a<b>>), a few
  // times at most: what deeper nesting leaves is still only text.
  let text = parts.join('');
  for (let pass = 0, before = ''; pass < 8 && before !== text; pass++) {
    before = text;
    text = text.replace(/<!--[\s\S]*?-->|<\/?[a-zA-Z][^<>]*>/g, ' ');
  }
  // A heading's end becomes a full stop unless its words already end a sentence (or it had none).
  text = text
    .replace(/^[\s\uE000]+/, '')
    .replace(/([.!?:;])?\s*\uE000+/g, (_, stop: string | undefined) => stop ?? '.');
  return text.replace(/\s+/g, ' ').trim();
}
