import { FileText } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { SEARCH, SEARCH_MSG, type SearchResult } from '@common/search/model';
import { Avatar } from '@web/components/ui/avatar';
import { SearchInput } from '@web/components/ui/search-input';
import { cn } from '@web/lib/cn';
import { useSearchSuggestions } from '../api/get-suggestions';
import { highlightMatch } from './highlight-match';

type Option = { id: string; url: string; result: SearchResult | null };

/**
 * The search field with suggestions as you type (the ARIA combobox pattern with a listbox): a few
 * people, groups, forums, events, pages, ideas and articles under the field, by type, then "See
 * all results". Arrow keys move through them (the field keeps the focus; aria-activedescendant
 * names the option), Enter opens the chosen one or, with none chosen, submits the form (the full
 * results page), Escape closes the list. Suggestions are for members (`suggest`); a visitor's
 * field is a plain one. The field is uncontrolled: what a visitor typed into the prerendered page
 * carries over into it (web/app/prerender/handover.ts) and is read back from the element.
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
  const query = useSearchSuggestions(text, suggest && isOpen);
  const data = query.data;

  const typed = text.trim();
  const groups = typed && data ? data.types : [];
  const options: Option[] = groups.flatMap((g) =>
    g.results.map((result) => ({ id: `${listId}-${result.type}-${result.id}`, url: result.url, result })),
  );
  if (typed)
    options.push({
      id: `${listId}-all`,
      url: `/?${new URLSearchParams({ search: typed }).toString()}`,
      result: null,
    });
  const shown = suggest && isOpen && typed.length > 0 && data !== undefined;
  const activeOption = shown && active >= 0 ? options[active] : undefined;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const open = (option: Option) => {
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
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (the field itself) sits between the last option and the first.
      setActive((i) => ((i + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      open(activeOption);
    } else if (event.key === 'Escape' && isOpen) {
      // The list closes first; a second Escape is the browser's (a search field clears).
      event.preventDefault();
      close();
    }
  };

  let section = 0;
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
        maxLength={SEARCH.queryMax}
        className="bg-background"
        role={suggest ? 'combobox' : undefined}
        aria-autocomplete={suggest ? 'list' : undefined}
        aria-expanded={suggest ? shown : undefined}
        aria-controls={suggest && shown ? listId : undefined}
        aria-activedescendant={activeOption?.id}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setIsOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => {
          // Text carried over from the prerendered page is in the element, not yet in the state.
          setText(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      {shown ? (
        <div
          id={listId}
          role="listbox"
          aria-label={SEARCH_MSG.suggestionsLabel}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {groups.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">{SEARCH_MSG.noSuggestions}</p>
          ) : null}
          {groups.map((group) => {
            const headingId = `${listId}-h-${group.type}`;
            return (
              <div key={group.type} role="group" aria-labelledby={headingId} className="py-1">
                <div
                  id={headingId}
                  role="presentation"
                  className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {group.label}
                </div>
                {group.results.map(() => {
                  const i = section++;
                  const option = options[i]!;
                  return (
                    <SuggestionOption
                      key={option.id}
                      option={option}
                      isActive={i === active}
                      query={typed}
                      onPick={() => open(option)}
                      onHover={() => setActive(i)}
                    />
                  );
                })}
              </div>
            );
          })}
          <SuggestionOption
            option={options[options.length - 1]!}
            isActive={active === options.length - 1}
            query={typed}
            onPick={() => open(options[options.length - 1]!)}
            onHover={() => setActive(options.length - 1)}
          />
        </div>
      ) : null}
    </div>
  );
}

function SuggestionOption({
  option,
  isActive,
  query,
  onPick,
  onHover,
}: {
  option: Option;
  isActive: boolean;
  query: string;
  onPick: () => void;
  onHover: () => void;
}) {
  const { result } = option;
  return (
    <div
      id={option.id}
      role="option"
      aria-selected={isActive}
      // The field keeps the focus (and the list stays open) until the option is chosen.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={isActive ? undefined : onHover}
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-1.5 text-sm',
        isActive && 'bg-accent text-accent-foreground',
        !result && 'mt-1 border-t border-border pt-2 font-medium text-link',
      )}
    >
      {result ? (
        <>
          {result.type === 'user' ? (
            <Avatar
              src={result.imageUrl ? imageVariantUrl(result.imageUrl, 48) : null}
              name={result.title}
              className="size-7"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted"
            >
              {result.imageUrl ? (
                <img src={imageVariantUrl(result.imageUrl, 48)} alt="" className="size-full object-cover" />
              ) : (
                <FileText className="size-4 text-muted-foreground" />
              )}
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{highlightMatch(result.title, query)}</span>
            {result.description ? (
              <span className="block truncate text-xs text-muted-foreground">{result.description}</span>
            ) : null}
          </span>
        </>
      ) : (
        SEARCH_MSG.seeAll(query)
      )}
    </div>
  );
}
