import { describe, expect, it } from 'vitest';
import {
  MENTION_MAX,
  hasTooManyMentions,
  mentionQueryAt,
  mentionToken,
  mentionedIds,
  mentionsToMarkdown,
  mentionsToPlain,
  mentionsToSnippet,
  parseMentions,
} from './mentions';

const ann = { id: '0b6c1f2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', name: 'Ann [the] Lee\n' };

describe('mention tokens', () => {
  it('keep the id and a clean name, and read back as they were written', () => {
    const token = mentionToken(ann);
    expect(token).toBe(`@[Ann the Lee](${ann.id})`);
    expect(parseMentions(`Hi ${token}!`)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', id: ann.id, name: 'Ann the Lee' },
      { kind: 'text', text: '!' },
    ]);
    expect(mentionsToPlain(`Hi ${token}!`)).toBe('Hi @Ann the Lee!');
    // A broken token is plain text, not a mention.
    expect(mentionedIds('@[Ann](not-an-id) @[](0b6c1f2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f)')).toEqual([]);
  });

  it('count different people against the cap', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        mentionToken({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: 'x' }),
      );
    expect(hasTooManyMentions(many(MENTION_MAX).join(' '))).toBe(false);
    expect(hasTooManyMentions(many(MENTION_MAX + 1).join(' '))).toBe(true);
    expect(hasTooManyMentions(Array(100).fill(mentionToken(ann)).join(' '))).toBe(false);
  });

  it('become markdown links under the given name, escaped; unknown people stay plain names', () => {
    const text = `Thanks ${mentionToken(ann)}`;
    expect(mentionsToMarkdown(text, new Map([[ann.id, 'Ann *bold* Lee']]))).toBe(
      `Thanks [@Ann \\*bold\\* Lee](/profile/${ann.id})`,
    );
    expect(mentionsToMarkdown(text)).toBe('Thanks @Ann the Lee');
  });
});

describe('the @ being typed', () => {
  it('starts a word and runs to the caret', () => {
    expect(mentionQueryAt('Hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Ann Le', 10)).toEqual({ start: 3, query: 'Ann Le' });
    expect(mentionQueryAt('mail ann@example.com', 20)).toBeNull();
    expect(mentionQueryAt(`Hi ${mentionToken(ann)} more`, 60)).toBeNull();
    expect(mentionQueryAt('Hi @an\nnext', 11)).toBeNull();
  });
});

describe('a snippet', () => {
  it('reads each mention as @Name, one cut off at the end too', () => {
    const token = mentionToken(ann);
    expect(mentionsToSnippet(`Ask ${token} or ${token}`)).toBe('Ask @Ann the Lee or @Ann the Lee');
    for (let cut = 1; cut < token.length; cut++)
      expect(mentionsToSnippet(`Ask ${token.slice(0, cut)}`), token.slice(0, cut)).not.toMatch(/\[|\]|\(/);
    expect(mentionsToSnippet(`Ask ${token.slice(0, 20)}`)).toBe('Ask @Ann the Lee');
    expect(mentionsToSnippet('mail me at a@b.c [sic]')).toBe('mail me at a@b.c [sic]');
  });
});
