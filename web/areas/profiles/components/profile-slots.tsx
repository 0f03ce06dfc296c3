import {
  Component,
  lazy,
  Suspense,
  useId,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { AreaProfileSection, ProfileSectionProps } from '@web/app/areas/contract';
import { WEB_AREAS } from '@web/areas/index';
import { SharedCardContext } from '@web/components/profile-section-card';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';

/*
 * Slots of the profile page for the areas that come later (pages and articles, investments,
 * communities, events, in that order).
 *
 * The contract:
 * - An area declares its sections in `profileSections` of its web/areas/<area>/module.ts:
 *     { id: 'articles', order: 10, title: 'Pages & Articles', load: async () => (await import(...)).X }
 *   `order` places it (10 pages and articles, 20 investments, 30 communities, 40 events); `id` is
 *   unique. The page reads them from the list of modules (web/areas/index.ts).
 * - `load` is called when the sections' place nears the screen (profile-below.tsx), never in
 *   the first view; keep heavy code behind React.lazy inside the component too.
 * - The component receives `{ userId, isSelf, title }` and fetches its own data. It returns null
 *   while it has nothing to show (loading or empty), so the page shows no empty boxes; when it has
 *   content it renders its own card (ProfileSectionCard, in web/components/profile-section-card.tsx,
 *   gives the common look, with `title`; ProfileListSection a paged list in it).
 * - Sections are rendered after the connections and friend-request / mutual-friends cards, never
 *   on a restricted profile. Each sits in its own error boundary and Suspense, so a failing or
 *   still loading section cannot take the profile down.
 */

type LoadedSection = AreaProfileSection & {
  Component: LazyExoticComponent<ComponentType<ProfileSectionProps>>;
};

let sections: LoadedSection[] | undefined;

/** Every area's sections in order; the first call starts loading their code. */
export function loadProfileSections(): LoadedSection[] {
  sections ??= WEB_AREAS.flatMap((area) => area.profileSections ?? [])
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id))
    .map((section) => {
      const loading = section.load().then((Section) => ({ default: Section }));
      // A failed load is reported by the section's error boundary when it renders.
      loading.catch(() => undefined);
      return { ...section, Component: lazy(() => loading) };
    });
  return sections;
}

/** Consecutive sections naming the same `card` go together; any other section stands alone. */
function groupByCard(list: LoadedSection[]): LoadedSection[][] {
  const groups: LoadedSection[][] = [];
  for (const section of list) {
    const last = groups[groups.length - 1];
    if (section.card && last?.[0]?.card === section.card) last.push(section);
    else groups.push([section]);
  }
  return groups;
}

/** The areas' sections in order, each isolated from the others. */
export function ProfileSections(props: Omit<ProfileSectionProps, 'title'>) {
  return (
    <>
      {groupByCard(loadProfileSections()).map((group) => {
        const parts = group.map(({ id, title, Component: Section }) => (
          <SectionBoundary key={id} id={id}>
            <Suspense fallback={null}>
              <Section {...props} title={title} />
            </Suspense>
          </SectionBoundary>
        ));
        const first = group[0]!;
        return group.length === 1 ? (
          parts
        ) : (
          <SharedSectionCard key={first.card} title={first.title}>
            {parts}
          </SharedSectionCard>
        );
      })}
    </>
  );
}

/**
 * One card for several sections (e.g. Communities: groups and forum groups). It stays hidden until
 * one of its parts has something to show, like a section on its own.
 */
function SharedSectionCard({ title, children }: { title: string; children: ReactNode }) {
  const [shown, setShown] = useState(0);
  const report = useState(() => (isShown: boolean) => setShown((n) => n + (isShown ? 1 : -1)))[0];
  const headingId = useId();
  return (
    <Card hidden={shown === 0} role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-4">
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-6 px-4 pb-4 sm:px-6 sm:pb-6">
        <SharedCardContext value={report}>{children}</SharedCardContext>
      </div>
    </Card>
  );
}

/** A section that throws disappears (logged) instead of breaking the page. */
class SectionBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Profile section "${this.props.id}" failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
