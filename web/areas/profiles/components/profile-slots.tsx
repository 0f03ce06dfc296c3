import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';

/*
 * Slots of the profile page for the areas that come later (pages and articles, investments,
 * communities, events; document 1, section 2 gives their order).
 *
 * The contract:
 * - An area registers a section once, at module load:
 *     registerProfileSection({ id: 'articles', order: 10, title: 'Pages & Articles', Component })
 *   `order` places it (10 pages and articles, 20 investments, 30 communities, 40 events); `id` is
 *   unique (registering it again replaces the entry, so hot reload is harmless).
 * - `Component` receives `{ userId, isSelf }` and fetches its own data. It returns null while it
 *   has nothing to show (loading or empty), so the page shows no empty boxes; when it has
 *   content it renders its own card (ProfileSectionCard gives the common look, with `title`).
 * - Sections are rendered after the connections and friend-request / mutual-friends cards, never
 *   on a restricted profile. Each sits in its own error boundary and Suspense, so a failing or
 *   lazily loaded section cannot take the profile down.
 * - The registering module belongs to its area (e.g. web/areas/articles/profile-section.tsx). It
 *   must be loaded with the profile page, not the first view: import it in the profile routes'
 *   `lazy` loader in web/app/routing/routes.tsx (cross-area wiring lives in web/app), and keep
 *   heavy code behind React.lazy inside `Component`.
 */

export type ProfileSectionProps = { userId: string; isSelf: boolean };

export type ProfileSection = {
  id: string;
  order: number;
  title: string;
  Component: ComponentType<ProfileSectionProps>;
};

const sections = new Map<string, ProfileSection>();

export function registerProfileSection(section: ProfileSection): void {
  sections.set(section.id, section);
}

export function getProfileSections(): ProfileSection[] {
  return [...sections.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** The registered sections in order, each isolated from the others. */
export function ProfileSections(props: ProfileSectionProps) {
  return (
    <>
      {getProfileSections().map(({ id, Component: Section }) => (
        <SectionBoundary key={id} id={id}>
          <Suspense fallback={null}>
            <Section {...props} />
          </Suspense>
        </SectionBoundary>
      ))}
    </>
  );
}

/** The look of a profile section: a card with an h2 title and an optional action on the right. */
export function ProfileSectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle as="h2">{title}</CardTitle>
        {action}
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">{children}</div>
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
