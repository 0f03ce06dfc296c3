import { FileText } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { imageVariantUrl } from '@common/core/uploads';
import { SEARCH_MSG } from '@common/search/model';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { useSearchSuggestions } from '../api/get-suggestions';
import { highlightMatch } from './highlight-match';
import type { SuggestionOption } from './search-combobox';

/**
 * The listbox under the search field (search-combobox.tsx): loaded when a member first focuses
 * the field, so the first view carries only the field. It asks for the suggestions, draws them by
 * type with "See all results" last, and tells the field its options (for the arrow keys and
 * aria-activedescendant) and whether it shows.
 */
export default function SearchSuggestionsPopup({
  text,
  listId,
  active,
  onOptions,
  onPick,
  onHover,
}: {
  text: string;
  listId: string;
  active: number;
  /** The options in list order, or null while nothing is shown. */
  onOptions: (options: SuggestionOption[] | null) => void;
  onPick: (option: SuggestionOption) => void;
  onHover: (index: number) => void;
}) {
  const typed = text.trim();
  const { data } = useSearchSuggestions(text, true);
  const groups = typed && data ? data.types : [];
  const results = groups.flatMap((g) => g.results);
  const options: SuggestionOption[] = [
    ...results.map((r) => ({ id: `${listId}-${r.type}-${r.id}`, url: r.url })),
    { id: `${listId}-all`, url: `/?${new URLSearchParams({ search: typed }).toString()}` },
  ];
  const isShown = typed.length > 0 && data !== undefined;
  const key = isShown ? options.map((o) => o.id).join(' ') : null;

  useEffect(() => {
    onOptions(key === null ? null : options);
    // `key` names the options: reported again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, onOptions]);
  useEffect(() => () => onOptions(null), [onOptions]);

  if (!isShown) return null;
  let index = 0;
  const all = options[options.length - 1]!;
  return (
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
            {group.results.map((result) => {
              const i = index++;
              const option = options[i]!;
              return (
                <Option
                  key={option.id}
                  id={option.id}
                  isActive={i === active}
                  onPick={() => onPick(option)}
                  onHover={() => onHover(i)}
                >
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
                        <img
                          src={imageVariantUrl(result.imageUrl, 48)}
                          alt=""
                          className="size-full object-cover"
                        />
                      ) : (
                        <FileText className="size-4 text-muted-foreground" />
                      )}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{highlightMatch(result.title, typed)}</span>
                    {result.description ? (
                      <span className="block truncate text-xs text-muted-foreground">
                        {result.description}
                      </span>
                    ) : null}
                  </span>
                </Option>
              );
            })}
          </div>
        );
      })}
      <Option
        id={all.id}
        isActive={active === options.length - 1}
        onPick={() => onPick(all)}
        onHover={() => onHover(options.length - 1)}
        className="mt-1 border-t border-border pt-2 font-medium text-link"
      >
        {SEARCH_MSG.seeAll(typed)}
      </Option>
    </div>
  );
}

function Option({
  id,
  isActive,
  onPick,
  onHover,
  className,
  children,
}: {
  id: string;
  isActive: boolean;
  onPick: () => void;
  onHover: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      // The field keeps the focus (and the list stays open) until the option is chosen.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={isActive ? undefined : onHover}
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-1.5 text-sm',
        isActive && 'bg-accent text-accent-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}
