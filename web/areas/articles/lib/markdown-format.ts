/**
 * The editor toolbar's markdown commands as pure text edits, so they can be tested without a
 * browser: each takes the text and the selection and says which range to replace with what, and
 * what to select afterwards. Applying one range (not the whole text) keeps the browser's undo.
 */

export type Selection = { start: number; end: number };

export type TextEdit = {
  /** Replace value.slice(from, to) with `text`. */
  from: number;
  to: number;
  text: string;
  /** What is selected afterwards, in the new text. */
  select: Selection;
};

export type FormatCommand = 'bold' | 'italic' | 'heading' | 'list' | 'link';

export const PLACEHOLDERS = {
  bold: 'bold text',
  italic: 'italic text',
  heading: 'Heading',
  list: 'List item',
  linkText: 'link text',
  url: 'https://',
} as const;

/** The selection without the spaces and line breaks at its ends (a double-click often takes one). */
function trimmed(value: string, { start, end }: Selection): Selection {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(value[s]!)) s++;
  while (e > s && /\s/.test(value[e - 1]!)) e--;
  return { start: s, end: e };
}

/** `**x**` or `*x*` around the selection, or taken away when the selection already has it. */
function toggleWrap(value: string, selection: Selection, marker: string, placeholder: string): TextEdit {
  const { start, end } = trimmed(value, selection);
  const inner = value.slice(start, end);
  const n = marker.length;
  const isMarker = (at: number) => value.slice(at, at + n) === marker;
  // For italics, a '*' that belongs to '**' (bold) is not a match.
  const single = (at: number) => n > 1 || (value[at - 1] !== '*' && value[at + 1] !== '*');

  if (start !== end) {
    // The markers just outside the selection: **[x]**
    if (isMarker(start - n) && isMarker(end) && single(start - n) && single(end))
      return { from: start - n, to: end + n, text: inner, select: { start: start - n, end: end - n } };
    // The markers inside it: [**x**]
    if (inner.length > 2 * n && inner.startsWith(marker) && inner.endsWith(marker)) {
      const bare = inner.slice(n, -n);
      if (n > 1 || (!bare.startsWith('*') && !bare.endsWith('*')))
        return { from: start, to: end, text: bare, select: { start, end: start + bare.length } };
    }
    return {
      from: start,
      to: end,
      text: marker + inner + marker,
      select: { start: start + n, end: end + n },
    };
  }
  const at = selection.start;
  return {
    from: at,
    to: at,
    text: marker + placeholder + marker,
    select: { start: at + n, end: at + n + placeholder.length },
  };
}

/** The whole lines the selection touches. */
function lineRange(value: string, { start, end }: Selection): Selection {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  // A selection ending right after a line break does not take the next line.
  const last = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const next = value.indexOf('\n', last);
  return { start: from, end: next === -1 ? value.length : next };
}

/**
 * Each touched line gets `prefix` ('## ', '- '), or loses it when every non-empty line has it. An
 * empty line gets the prefix and a selected placeholder.
 */
function toggleLinePrefix(
  value: string,
  selection: Selection,
  prefix: string,
  placeholder: string,
): TextEdit {
  const range = lineRange(value, selection);
  const block = value.slice(range.start, range.end);
  if (block.trim() === '') {
    const text = prefix + placeholder;
    return {
      from: range.start,
      to: range.end,
      text,
      select: { start: range.start + prefix.length, end: range.start + text.length },
    };
  }
  const lines = block.split('\n');
  const filled = lines.filter((line) => line.trim() !== '');
  const isOn = filled.every((line) => line.startsWith(prefix));
  // A heading replaces another heading level instead of stacking: '### x' becomes '## x'.
  const strip = (line: string) => (prefix.startsWith('#') ? line.replace(/^#{1,6}\s+/, '') : line);
  const next = lines.map((line) => {
    if (line.trim() === '') return line;
    return isOn ? line.slice(prefix.length) : prefix + strip(line);
  });
  const text = next.join('\n');
  if (lines.length === 1) {
    // One line: the caret or selection stays on the same words.
    const shift = text.length - block.length;
    const clamp = (p: number) => Math.max(range.start, Math.min(range.start + text.length, p + shift));
    return {
      from: range.start,
      to: range.end,
      text,
      select: { start: clamp(selection.start), end: clamp(selection.end) },
    };
  }
  return {
    from: range.start,
    to: range.end,
    text,
    select: { start: range.start, end: range.start + text.length },
  };
}

const URL_LIKE = /^(?:https?:\/\/|mailto:|www\.)\S+$/i;

/** `[text](url)`: selected words become the text (the url is selected next), a selected address the url. */
function link(value: string, selection: Selection): TextEdit {
  const { start, end } = trimmed(value, selection);
  const inner = value.slice(start, end);
  if (start !== end && URL_LIKE.test(inner)) {
    const url = inner.startsWith('www.') ? `https://${inner}` : inner;
    const text = `[${PLACEHOLDERS.linkText}](${url})`;
    return {
      from: start,
      to: end,
      text,
      select: { start: start + 1, end: start + 1 + PLACEHOLDERS.linkText.length },
    };
  }
  if (start !== end) {
    const text = `[${inner}](${PLACEHOLDERS.url})`;
    const urlAt = start + inner.length + 3;
    return { from: start, to: end, text, select: { start: urlAt, end: urlAt + PLACEHOLDERS.url.length } };
  }
  const at = selection.start;
  const text = `[${PLACEHOLDERS.linkText}](${PLACEHOLDERS.url})`;
  return { from: at, to: at, text, select: { start: at + 1, end: at + 1 + PLACEHOLDERS.linkText.length } };
}

/** The edit one toolbar button (or shortcut) makes to `value` with `selection`. */
export function formatMarkdown(command: FormatCommand, value: string, selection: Selection): TextEdit {
  switch (command) {
    case 'bold':
      return toggleWrap(value, selection, '**', PLACEHOLDERS.bold);
    case 'italic':
      return toggleWrap(value, selection, '*', PLACEHOLDERS.italic);
    case 'heading':
      return toggleLinePrefix(value, selection, '## ', PLACEHOLDERS.heading);
    case 'list':
      return toggleLinePrefix(value, selection, '- ', PLACEHOLDERS.list);
    case 'link':
      return link(value, selection);
  }
}

/** The text after an edit. */
export function applyTextEdit(value: string, edit: TextEdit): string {
  return value.slice(0, edit.from) + edit.text + value.slice(edit.to);
}

/** Ctrl/Cmd + B, I, K. */
export const SHORTCUTS: Partial<Record<string, FormatCommand>> = { b: 'bold', i: 'italic', k: 'link' };
