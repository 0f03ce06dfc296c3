import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchInput } from '@web/components/ui/search-input';
import { cn } from '@web/lib/cn';

/** An entry of the listbox: where it leads, and its element's id (aria-activedescendant). */
export type SuggestionOption = { id: string; url: string };

const loadPopup = () => import('./search-suggestions-popup');

/**
 * SEARCH.queryMax of the search model, written here: the field is in the first view and the model
 * would come whole with it (a test checks the two agree).
 */
export const QUERY_MAX = 1000;
const SuggestionsPopup = lazy(loadPopup);

/**
 * The search field with suggestions as you type (the ARIA combobox pattern with a listbox): a few
 * people, groups, forums, events, pages, ideas and articles under the field, by type, then "See
 * all results". Arrow keys move through them (the field keeps the focus; aria-activedescendant
 * names the option), Enter opens the chosen one or, with none chosen, submits the form (the full
 * results page), Escape closes the list. Suggestions are for members (`suggest`); a visitor's
 * field is a plain one. The listbox and its query load on the first focus, apart from the first
 * view. The field is uncontrolled: what a visitor typed into the prerendered page carries over
 * into it (web/app/prerender/handover.ts) and is read back from the element.
 */
export function SearchCombobox({
  id,
  name,
  defaultValue,
  placeholder,
  suggest,
  className,
}: {
  id: string;
  name: string;
  defaultValue: string;
  placeholder: string;
  suggest: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(defaultValue);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // What the listbox shows (null: nothing), as it reports it.
  const [options, setOptions] = useState<SuggestionOption[] | null>(null);
  const onOptions = useCallback((next: SuggestionOption[] | null) => setOptions(next), []);

  const typed = text.trim();
  const isMounted = suggest && isOpen && typed.length > 0;
  const shown = isMounted && options !== null ? options : null;
  const activeOption = shown && active >= 0 ? shown[active] : undefined;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const open = (option: SuggestionOption) => {
    close();
    inputRef.current?.blur();
    void navigate(option.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!suggest) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (!shown) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (the field itself) sits between the last option and the first.
      setActive((i) => ((i + 1 + step + shown.length + 1) % (shown.length + 1)) - 1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      open(activeOption);
    } else if (event.key === 'Escape' && isOpen) {
      // The list closes first; a second Escape is the browser's (a search field clears).
      event.preventDefault();
      close();
    }
  };

  return (
    <div
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <SearchInput
        ref={inputRef}
        id={id}
        name={name}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={QUERY_MAX}
        className="bg-background"
        role={suggest ? 'combobox' : undefined}
        aria-autocomplete={suggest ? 'list' : undefined}
        aria-expanded={suggest ? shown !== null : undefined}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={activeOption?.id}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setIsOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => {
          // Text carried over from the prerendered page is in the element, not yet in the state.
          setText(event.currentTarget.value);
          if (suggest) void loadPopup();
        }}
        onKeyDown={onKeyDown}
      />
      {isMounted ? (
        <Suspense fallback={null}>
          <SuggestionsPopup
            text={text}
            listId={listId}
            active={active}
            onOptions={onOptions}
            onPick={open}
            onHover={setActive}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
