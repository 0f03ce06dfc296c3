import { describe, expect, it } from 'vitest';
import { addMarkdownSiteOrigin } from '@common/core/api-links';
import { cardLinkOf, linkify, withoutCard } from './linkify';

describe('linkify', () => {
  it('leaves text without addresses as one text part', () => {
    expect(linkify('Hello, world.\nSecond line')).toEqual([
      { kind: 'text', text: 'Hello, world.\nSecond line' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('makes http and https addresses links, with the text around them kept', () => {
    expect(linkify('See https://example.com/a?b=1#c and http://x.org')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('leaves sentence punctuation and an enclosing bracket out of the link', () => {
    expect(linkify('(see https://example.com/page).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.com/page', href: 'https://example.com/page' },
      { kind: 'text', text: ').' },
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar), ok')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.c',
      '<a href="https://x.com">x</a>',
    ]) {
      const parts = linkify(text);
      expect(parts.every((p) => p.kind === 'text' || p.href.startsWith('https://'))).toBe(true);
      expect(parts.map((p) => p.text).join('')).toBe(text);
    }
    expect(linkify('xhttps://example.com')).toEqual([{ kind: 'text', text: 'xhttps://example.com' }]);
    expect(linkify('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'a https://a.io, b http://b.io/x. c\n\thttps://c.io/(d)';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('never links into this site’s API, however spelled (issue 13)', () => {
    addMarkdownSiteOrigin('https://cofound.example');
    for (const url of [
      'https://cofound.example/api/auth/verify-email?token=x',
      'https://COFOUND.example:8443/%61pi/auth/sign-out',
      'http://cofound.example/./api/x',
    ]) {
      expect(
        linkify(`see ${url} now`).every((p) => p.kind === 'text'),
        url,
      ).toBe(true);
    }
    // Other sites' /api paths, and our own pages, stay links.
    expect(linkify('https://ui-avatars.com/api/?name=A').some((p) => p.kind === 'link')).toBe(true);
    expect(linkify('https://cofound.example/articles/1').some((p) => p.kind === 'link')).toBe(true);
  });
});

describe('the link card rule', () => {
  it("shows the first link's card, and none when that link is in angle brackets", () => {
    expect(cardLinkOf('Read https://a.example/x and https://b.example/y')).toBe('https://a.example/x');
    expect(cardLinkOf('Read <https://a.example/x> and https://b.example/y')).toBeNull();
    expect(cardLinkOf('No links here')).toBeNull();
  });

  it('hides the brackets and marks the link', () => {
    expect(linkify('See <https://a.example/x>.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x', noCard: true },
      { kind: 'text', text: '.' },
    ]);
  });

  it('takes the card off by bracketing the first link, once', () => {
    const text = 'See https://a.example/x, then https://b.example';
    const removed = withoutCard(text);
    expect(removed).toBe('See <https://a.example/x>, then https://b.example');
    expect(cardLinkOf(removed)).toBeNull();
    expect(withoutCard(removed)).toBe(removed);
  });
});
