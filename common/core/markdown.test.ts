import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown';

describe('markdownToText (excerpts)', () => {
  it('keeps list items apart (issue 21)', () => {
    expect(
      markdownToText('What worked:\n\n- Ship fast\n- Talk to users!\n- Hire slowly\n\nThat is all.'),
    ).toBe('What worked: Ship fast. Talk to users! Hire slowly. That is all.');
    expect(markdownToText('1. One\n2. Two')).toBe('One. Two.');
  });

  it('still reads a heading as a sentence of its own', () => {
    expect(markdownToText('# Why small teams win\n\nShip it.')).toBe('Why small teams win. Ship it.');
  });
});
