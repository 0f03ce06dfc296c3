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
 * The cards above a member's feed, from every area's `homeCards` (web/app/areas/contract.ts), in
 * their declared order: profile completion and people you may know today; suggested groups and
 * upcoming events are meant to plug in the same way. A card's code loads only once its
 * `useIsShown` says it has something to show; none holds up the feed, and while none shows the
 * container takes no space.
 */
export function HomeCards({ viewerId }: { viewerId: string }) {
  return (
    <div data-testid="home-cards" className="mt-4 flex flex-col gap-4 empty:hidden">
      {CARDS.map((card) => (
        <HomeCard key={card.id} card={card} viewerId={viewerId} />
      ))}
    </div>
  );
}

function HomeCard({ card: { useIsShown, Component }, viewerId }: { card: Card; viewerId: string }) {
  if (!useIsShown(viewerId)) return null;
  return (
    <Suspense fallback={null}>
      <Component viewerId={viewerId} />
    </Suspense>
  );
}
