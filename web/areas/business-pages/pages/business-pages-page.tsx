import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BUSINESS,
  BUSINESS_CATEGORIES,
  BUSINESS_MSG,
  businessPagePath,
  type BusinessCategory,
} from '@common/business-pages/model';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { SearchInput } from '@web/components/ui/search-input';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useBusinessPages } from '../api/get-business-pages';
import { PageCard, PageCardSkeleton } from '../components/page-card';

const PageFormDialog = lazy(() =>
  import('../components/page-form-dialog').then((m) => ({ default: m.PageFormDialog })),
);

/**
 * /business-pages and /business: the title, search box, category filter ('All' first), the
 * cards a page at a time, 'Create Business Page' (visitors go to /auth) and both empty texts.
 */
export function BusinessPagesPage() {
  const { viewer } = useMe();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<BusinessCategory | 'All'>('All');
  const [isCreating, setIsCreating] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const filter = { ...(q ? { q } : {}), ...(category !== 'All' ? { category } : {}) };
  const query = useBusinessPages(filter, viewer?.id ?? null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const isFiltered = q !== '' || category !== 'All';

  return (
    <section aria-labelledby="business-heading" className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="business-heading" className="text-2xl font-semibold tracking-tight">
          {BUSINESS_MSG.heading}
        </h1>
        <Button onClick={() => (viewer ? setIsCreating(true) : void navigate('/auth'))}>
          <Plus aria-hidden="true" />
          {BUSINESS_MSG.create}
        </Button>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1">
          <Label htmlFor="business-search" className="sr-only">
            {BUSINESS_MSG.searchPlaceholder}
          </Label>
          <SearchInput
            id="business-search"
            value={search}
            maxLength={100}
            placeholder={BUSINESS_MSG.searchPlaceholder}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="business-category-filter">{BUSINESS_MSG.category}</Label>
          <select
            id="business-category-filter"
            value={category}
            onChange={(e) => setCategory(e.target.value as BusinessCategory | 'All')}
            className="h-9 rounded-md border border-input bg-card px-3 text-sm"
          >
            <option value="All">{BUSINESS_MSG.allCategories}</option>
            {BUSINESS_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6">
        {query.isPending ? (
          <ul
            aria-busy="true"
            aria-label={BUSINESS_MSG.heading}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: BUSINESS.skeletons }, (_, i) => (
              <li key={i}>
                <PageCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.isError && items.length === 0 ? (
          <LoadError message={BUSINESS_MSG.loadFailed} onRetry={query.refetch} />
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">
            {isFiltered ? BUSINESS_MSG.emptyFiltered : BUSINESS_MSG.empty}
          </p>
        ) : (
          <>
            <ul aria-label={BUSINESS_MSG.heading} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((page) => (
                <li key={page.id}>
                  <PageCard page={page} />
                </li>
              ))}
            </ul>
            <InfiniteListEnd query={query} errorMessage={BUSINESS_MSG.loadFailed} />
          </>
        )}
      </div>

      {viewer && isCreating ? (
        <Suspense fallback={null}>
          <PageFormDialog
            open={isCreating}
            onOpenChange={setIsCreating}
            page={null}
            onSaved={(page) => {
              setIsCreating(false);
              void navigate(businessPagePath(page.id));
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
