import { Bold, Heading2, Italic, LinkIcon, List, type LucideIcon } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ARTICLE_MSG, ARTICLES } from '@common/articles/model';
import { renderMarkdown } from '@common/core/markdown';
import { mentionsToMarkdown } from '@common/core/mentions';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { MentionTextarea } from '@web/components/mention-textarea';
import { cn } from '@web/lib/cn';
import {
  applyTextEdit,
  formatMarkdown,
  SHORTCUTS,
  type FormatCommand,
  type Selection,
} from '../lib/markdown-format';
import { ArticleContent } from './article-content';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

const TOOLS: { command: FormatCommand; label: string; icon: LucideIcon; key?: string }[] = [
  { command: 'bold', label: 'Bold', icon: Bold, key: 'B' },
  { command: 'italic', label: 'Italic', icon: Italic, key: 'I' },
  { command: 'heading', label: 'Heading', icon: Heading2 },
  { command: 'list', label: 'List', icon: List },
  { command: 'link', label: 'Link', icon: LinkIcon, key: 'K' },
];

export type EditorTab = 'edit' | 'preview';

/**
 * Replaces the focused text area's selection with `text` the way typing would, so Undo takes it
 * back. execCommand is deprecated but still the only way to do that; false where it is missing.
 */
function insertWithUndo(text: string): boolean {
  try {
    return text === ''
      ? document.execCommand('delete', false)
      : document.execCommand('insertText', false, text);
  } catch {
    return false;
  }
}

/**
 * The article's markdown: Edit and Preview tabs, a toolbar (bold, italic, heading, list, link)
 * that works on the selection, Ctrl/Cmd+B, I and K, and a 300 px text area. Edits go through the
 * browser's own text insertion where it has one, so Undo takes them back.
 */
export function MarkdownField({
  id,
  name,
  value,
  onChange,
  tab,
  onTabChange,
  describedBy,
  isInvalid,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  tab: EditorTab;
  onTabChange: (tab: EditorTab) => void;
  describedBy?: string | undefined;
  isInvalid: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // A selection to restore once React has put a changed value into the text area.
  const pendingSelection = useRef<Selection | null>(null);
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const textarea = ref.current;
    if (!selection || !textarea) return;
    pendingSelection.current = null;
    textarea.setSelectionRange(selection.start, selection.end);
  });

  const run = (command: FormatCommand) => {
    const textarea = ref.current;
    if (!textarea) return;
    const current = textarea.value;
    const edit = formatMarkdown(command, current, {
      start: textarea.selectionStart,
      end: textarea.selectionEnd,
    });
    const expected = applyTextEdit(current, edit);
    textarea.focus();
    textarea.setSelectionRange(edit.from, edit.to);
    const isApplied = insertWithUndo(edit.text);
    if (isApplied && textarea.value === expected) {
      textarea.setSelectionRange(edit.select.start, edit.select.end);
    } else {
      pendingSelection.current = edit.select;
      onChange(expected);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const command = SHORTCUTS[event.key.toLowerCase()];
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  return (
    <Tabs value={tab} onValueChange={(next) => onTabChange(next as EditorTab)}>
      <div className="flex flex-wrap items-center gap-2">
        <TabsList aria-label="Editor view" className="h-9 w-auto">
          <TabsTrigger value="edit" className="px-2.5">
            {ARTICLE_MSG.edit}
          </TabsTrigger>
          <TabsTrigger value="preview" className="px-2.5">
            {ARTICLE_MSG.preview}
          </TabsTrigger>
        </TabsList>
        {tab === 'edit' ? <Toolbar controls={id} onRun={run} /> : null}
      </div>
      <TabsContent value="edit" className="mt-2">
        <MentionTextarea
          ref={ref}
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          spellCheck
          style={{ height: ARTICLES.editorHeightPx }}
          className="field-sizing-fixed resize-y overflow-y-auto font-mono leading-6"
        />
      </TabsContent>
      <TabsContent value="preview" className="mt-2">
        <Preview markdown={value} />
      </TabsContent>
    </Tabs>
  );
}

function Preview({ markdown }: { markdown: string }) {
  const html = useMemo(
    () => (markdown.trim() ? renderMarkdown(mentionsToMarkdown(markdown)) : ''),
    [markdown],
  );
  return (
    <div
      style={{ height: ARTICLES.editorHeightPx }}
      className="overflow-y-auto rounded-md border border-input bg-card px-4 py-3"
    >
      {html ? (
        <ArticleContent html={html} className="text-sm leading-6" />
      ) : (
        <p className="text-sm text-muted-foreground">{ARTICLE_MSG.nothingToPreview}</p>
      )}
    </div>
  );
}

/** The formatting buttons: one tab stop, arrow keys move between them (a toolbar's keyboard). */
function Toolbar({ controls, onRun }: { controls: string; onRun: (command: FormatCommand) => void }) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Partial<Record<string, number>> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="ml-auto flex gap-0.5"
    >
      {TOOLS.map(({ command, label, icon: Icon, key }, index) => (
        <Button
          key={command}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={label}
          aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
          title={key ? `${label} (${MOD}${key})` : label}
          tabIndex={index === active ? 0 : -1}
          // Keeps the text area's focus and selection while clicking.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setActive(index)}
          onClick={() => onRun(command)}
        >
          <Icon aria-hidden="true" className={cn(command === 'heading' && 'size-4.5')} />
        </Button>
      ))}
    </div>
  );
}
