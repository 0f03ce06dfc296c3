import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { SearchCombobox } from '@web/areas/search/public-field';
import { useMe } from '@web/lib/me';
import { cn } from '@web/lib/cn';

/**
 * The search field: submits to the feed route as /?search=<trimmed text>, and suggests a few
 * matches of each kind as a member types. The top bar shows it on wide screens only; the results
 * page repeats it for phones, with its own id.
 */
export function SearchBox({ id = 'top-bar-search', className }: { id?: string; className?: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { viewer } = useMe();
  const current = searchParams.get('search') ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('search');
    const query = typeof value === 'string' ? value.trim() : '';
    if (!query) return;
    void navigate({ pathname: '/', search: `?${new URLSearchParams({ search: query }).toString()}` });
  };

  return (
    // The key resets the field when the address's search changes (e.g. Back to Feed).
    <form key={current} role="search" onSubmit={onSubmit} className={cn('w-full', className)}>
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <SearchCombobox
        id={id}
        name="search"
        defaultValue={current}
        placeholder={MSG.searchPlaceholder}
        suggest={viewer !== null}
      />
    </form>
  );
}
