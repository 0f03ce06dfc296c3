import { lazy, Suspense, type ComponentType } from 'react';
import type { AreaHomeCard } from '@web/app/areas/contract';
import { WEB_AREAS } from '@web/areas/index';

type Card = {
  id: string;
  useIsShown: AreaHomeCard['useIsShown'];
  Component: ComponentType<{ viewerId: string }>;
};

/** Every area's home card in declared order; each component's code loads on its first render. */
const CARDS: Card[] = WEB_AREAS.flatMap((area) => area.homeCards ?? [])
  .sort((a, b) => a.order - b.order)
  .map((card) => ({
    id: card.id,
    useIsShown: card.useIsShown,
    Component: lazy(() => card.load().then((c) => ({ default: c }))),
  }));

/**
 * The cards beside a member's feed, from every area's `homeCards` (web/app/areas/contract.ts), in
 * their declared order: profile completion, people you may know, suggested groups, upcoming
 * events. A card's code loads only once its `useIsShown` says it has something to show; none
 * holds up the feed, and once none shows the container takes no space. So that the feed starts
 * within the first screen, they take one row that scrolls sideways above it (each card most of a
 * phone's width, 20rem on wider screens), and the side column beside it from 1280 px on.
 *
 * Below 1280 px the row has one fixed height (a longer card scrolls inside it), and a card whose
 * check has not answered yet, or whose code is still loading, keeps its place with a placeholder
 * of that height: the feed under the row never moves down when the cards arrive (layout shift).
 * Only a member for whom every check says no sees the row's place close, once.
 */
export function HomeCards({ viewerId }: { viewerId: string }) {
  return (
    <div
      data-testid="home-cards"
      role="region"
      aria-label={HOME_CARDS_LABEL}
      // Scrolls sideways; its own stop for the keyboard so the hidden cards can be reached.
      tabIndex={0}
      className="-mx-3 mt-4 flex snap-x max-xl:h-80 snap-mandatory items-start gap-3 overflow-x-auto px-3 pb-2 outline-none empty:hidden focus-visible:ring-2 focus-visible:ring-ring sm:-mx-6 sm:px-6 xl:sticky xl:top-20 xl:col-start-2 xl:row-span-6 xl:row-start-1 xl:mx-0 xl:mt-0 xl:flex-col xl:gap-4 xl:overflow-visible xl:px-0 xl:pb-0"
    >
      {CARDS.map((card) => (
        <HomeCard key={card.id} card={card} viewerId={viewerId} />
      ))}
    </div>
  );
}

/** The row's name for assistive technology. */
const HOME_CARDS_LABEL = 'Suggestions for you';

/** A card's place while it is not known yet: phones and tablets only (the side column has room to grow). */
function CardPlaceholder() {
  return <div className="h-full animate-pulse rounded-xl border border-border bg-card xl:hidden" />;
}

function HomeCard({ card: { useIsShown, Component }, viewerId }: { card: Card; viewerId: string }) {
  const shown = useIsShown(viewerId);
  if (shown === false) return null;
  return (
    // One card's place in the row: each card is its own size from 1280 px on, the row's height below.
    <div className="w-[85%] max-w-sm shrink-0 snap-start empty:hidden sm:w-80 max-xl:h-full max-xl:[&>*]:h-full max-xl:[&>*]:overflow-y-auto xl:w-full xl:max-w-none">
      {shown === undefined ? (
        <CardPlaceholder />
      ) : (
        <Suspense fallback={<CardPlaceholder />}>
          <Component viewerId={viewerId} />
        </Suspense>
      )}
    </div>
  );
}
