import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { MENTION_MSG, mentionQueryAt, mentionToken } from '@common/core/mentions';
import { Avatar } from '@web/components/ui/avatar';
import { Textarea } from '@web/components/ui/textarea';
import { useMentionCandidates, type MentionCandidate } from '@web/components/mention-people';
import { cn } from '@web/lib/cn';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

/** Writes `value` into the box as typing would, so a controlled form and a registered one both see it. */
function typeInto(box: HTMLTextAreaElement, value: string, caret: number) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  box.setSelectionRange(caret, caret);
}

/**
 * A Textarea that offers people to mention when the writer types `@` (docs/decisions/027): from the
 * first letter (connections first), by name or username. Arrow keys move through the offers, Enter
 * or Tab picks one, Escape closes the list; the box stays focused throughout and names the offer
 * in focus (aria-activedescendant), and a status line says how many were found. The pick goes into
 * the text as a mention token (`@[Name](id)`). Used where the Textarea would be, with the same props.
 */
export function MentionTextarea({
  onKeyDown,
  onSelect,
  onBlur,
  ref,
  placement = 'below',
  ...props
}: ComponentProps<'textarea'> & {
  ref?: Ref<HTMLTextAreaElement>;
  /** Where the offers open: above for a box at the bottom of its panel (a chat's). */
  placement?: 'below' | 'above';
}) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const listId = useId();
  const statusId = `${listId}-status`;
  const q = useDebouncedValue(query?.query ?? '', 120);
  const isOpen = query !== null && dismissedAt !== query.start;
  const found = useMentionCandidates(q, isOpen);
  const people = isOpen ? (found.data ?? []) : [];
  const isSearching = isOpen && !people.length && found.isFetching;
  const showList = isOpen;
  const activeIndex = Math.min(active, Math.max(people.length - 1, 0));

  const track = (el: HTMLTextAreaElement) => {
    const next = mentionQueryAt(el.value, el.selectionStart ?? el.value.length);
    if (next?.start !== query?.start) {
      setActive(0);
      setDismissedAt(null);
    }
    if (next?.start !== query?.start || next?.query !== query?.query) setQuery(next);
  };

  const pick = (person: MentionCandidate) => {
    const el = box.current;
    if (!el || !query) return;
    const token = `${mentionToken({ id: person.id, name: person.fullName || person.username })} `;
    const end = el.selectionStart ?? el.value.length;
    const next = el.value.slice(0, query.start) + token + el.value.slice(end);
    setQuery(null);
    typeInto(el, next, query.start + token.length);
    el.focus();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showList && people.length && !event.nativeEvent.isComposing) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + people.length) % people.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        pick(people[activeIndex]!);
        return;
      }
    }
    if (isOpen && event.key === 'Escape') {
      event.stopPropagation();
      setDismissedAt(query.start);
      return;
    }
    onKeyDown?.(event);
  };

  // Escape closes the list, not a dialog around the box: a dialog listens on the document before
  // the box hears the key, so the key is marked handled on the window, earlier still.
  useEffect(() => {
    if (!isOpen) return;
    const claim = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === box.current) event.preventDefault();
    };
    window.addEventListener('keydown', claim, true);
    return () => window.removeEventListener('keydown', claim, true);
  }, [isOpen]);

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative w-full">
      <Textarea
        {...props}
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        onKeyDown={keyDown}
        onInput={(event) => {
          props.onInput?.(event);
          track(event.currentTarget);
        }}
        onSelect={(event: SyntheticEvent<HTMLTextAreaElement>) => {
          onSelect?.(event);
          track(event.currentTarget);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          // A click on an offer lands before the blur ends the list (the offers keep the focus here).
          setQuery(null);
        }}
        aria-autocomplete="list"
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && people.length ? optionId(activeIndex) : undefined}
      />
      <p id={statusId} className="sr-only" aria-live="polite">
        {!showList
          ? ''
          : people.length
            ? MENTION_MSG.found(people.length)
            : isSearching
              ? MENTION_MSG.searching
              : MENTION_MSG.noMatch}
      </p>
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={MENTION_MSG.pickerLabel}
          // A few options at most (MENTION_PICKER): never a scrolled region, which would need a
          // keyboard stop of its own while the focus stays in the text box.
          className={cn(
            'absolute left-0 z-50 w-full max-w-sm rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md',
            placement === 'above' ? 'bottom-full mb-1' : 'top-full mt-1',
          )}
        >
          {people.length ? (
            people.map((person, i) => (
              <li
                key={person.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                // Keeps the focus in the box, so typing goes on and the pick lands at the caret.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
                onMouseMove={() => setActive(i)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  i === activeIndex && 'bg-accent text-accent-foreground',
                )}
              >
                <Avatar src={person.avatarUrl} name={person.fullName || person.username} className="size-6" />
                <span className="min-w-0 truncate">
                  {person.fullName ? <span className="font-medium">{person.fullName} </span> : null}
                  <span className={person.fullName ? 'text-muted-foreground' : 'font-medium'}>
                    @{person.username}
                  </span>
                </span>
              </li>
            ))
          ) : (
            <li
              role="option"
              aria-selected={false}
              aria-disabled="true"
              className="px-2 py-1.5 text-sm text-muted-foreground"
            >
              {isSearching ? MENTION_MSG.searching : MENTION_MSG.noMatch}
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
