import { describe, expect, it } from 'vitest';
import { applyTextEdit, formatMarkdown, type FormatCommand } from './markdown-format';

/** `[` and `]` mark the selection (or `|` the caret) in both the input and the expected result. */
function run(command: FormatCommand, marked: string): string {
  const caret = marked.indexOf('|');
  const start = caret >= 0 ? caret : marked.indexOf('[');
  const end = caret >= 0 ? caret : marked.indexOf(']') - 1;
  const value = caret >= 0 ? marked.replace('|', '') : marked.replace('[', '').replace(']', '');
  const edit = formatMarkdown(command, value, { start, end });
  const next = applyTextEdit(value, edit);
  const { start: s, end: e } = edit.select;
  return s === e
    ? next.slice(0, s) + '|' + next.slice(s)
    : next.slice(0, s) + '[' + next.slice(s, e) + ']' + next.slice(e);
}

describe('formatMarkdown', () => {
  it('wraps the selection in bold and keeps the words selected', () => {
    expect(run('bold', 'say [hello] now')).toBe('say **[hello]** now');
  });
  it('leaves spaces picked up by a double-click outside the markers', () => {
    expect(run('bold', 'say [hello ]now')).toBe('say **[hello]** now');
  });
  it('takes bold away again, selected with or without its markers', () => {
    expect(run('bold', 'say **[hello]** now')).toBe('say [hello] now');
    expect(run('bold', 'say [**hello**] now')).toBe('say [hello] now');
  });
  it('inserts a selected placeholder at the caret', () => {
    expect(run('bold', 'a | b')).toBe('a **[bold text]** b');
    expect(run('italic', '|')).toBe('*[italic text]*');
  });
  it('does not mistake bold for italics', () => {
    expect(run('italic', '**[x]**')).toBe('***[x]***');
    expect(run('italic', '*[x]*')).toBe('[x]');
  });
  it('makes the current line a heading, and back', () => {
    expect(run('heading', 'one\ntw|o\nthree')).toBe('one\n## tw|o\nthree');
    expect(run('heading', '## tw|o')).toBe('tw|o');
    expect(run('heading', '### tw|o')).toBe('## tw|o');
    expect(run('heading', 'a\n|')).toBe('a\n## [Heading]');
  });
  it('turns every selected line into a list item, and back', () => {
    expect(run('list', '[one\n\ntwo]')).toBe('[- one\n\n- two]');
    expect(run('list', '[- one\n- two]')).toBe('[one\ntwo]');
    expect(run('list', '|')).toBe('- [List item]');
  });
  it('links selected words and selects the address to type', () => {
    expect(run('link', 'see [the docs] here')).toBe('see [the docs]([https://]) here');
  });
  it('links a selected address and selects the words to type', () => {
    expect(run('link', '[https://example.com]')).toBe('[[link text]](https://example.com)');
  });
  it('inserts a whole link at the caret', () => {
    expect(run('link', 'x |')).toBe('x [[link text]](https://)');
  });
});
