import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { FeedCategory } from '@common/feed/model';
import type { NotificationType } from '@common/notifications/model';
import type { Viewer } from '@web/lib/me';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { RouteHandle } from '../routing/route-handle';

/*
 * What an area hands the web app: web/areas/<area>/module.ts exports one WebAreaModule, and
 * web/areas/index.ts lists them. The route table, the side menu, the profile page and the
 * signed-in realtime wiring only walk that list; nothing registers itself when imported.
 *
 * module.ts is part of the entry chunk (the route table is built from it), so it imports only
 * light things: types, lucide icons, its home cards' `useIsShown` hooks, and its pages, sections
 * and hooks through `import()`.
 */

export type WebAreaModule = {
  /** The area's folder name, e.g. 'business-pages'. */
  id: string;
  routes?: AreaRoute[];
  nav?: AreaNavItem[];
  profileSections?: AreaProfileSection[];
  /**
   * Cards above a member's feed (issue 21's first view): profile completion and people you may
   * know, suggested groups and upcoming events, each from its own area.
   */
  homeCards?: AreaHomeCard[];
  /** What a visitor's home offers to explore (web/areas/feed/components/welcome.tsx), by `order`. */
  welcomeCards?: AreaWelcomeCard[];
  /** The feed's filter tabs for the kinds this area registers under a category (server register()). */
  feedFilters?: AreaFeedFilter[];
  /** The icon beside each notification type this area declares (AreaNotificationTypes). */
  notificationIcons?: Partial<Record<NotificationType, LucideIcon>>;
  /** Buttons and menus this area puts in the top bar for a signed-in person. */
  topBar?: AreaTopBarItem[];
  /**
   * Loads the hooks that keep the area's caches live while a person is signed in. They are
   * loaded with the realtime wiring (never for visitors) and all mounted before the socket opens.
   */
  liveHooks?: () => Promise<LiveHook[]>;
};

export type AreaRoute = {
  /** The full path; the app's page list (web/app/routing/app-paths.ts) is made of these. '/' is the layout's index route. */
  path: string;
  handle?: RouteHandle;
  /** Loads the page: `async () => ({ Component: (await import('./pages/x-page')).XPage })`. */
  lazy: LazyRouteFunction<RouteObject>;
  /** 'signed-in' routes sit behind RequireAuth, which sends visitors to /auth. */
  access: 'public' | 'signed-in';
};

/** A link of the side menu. */
export type AreaNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Hidden from visitors (signed-out people see only the News Feed). */
  signedInOnly: boolean;
  /** Highlight only on this exact path, not on its sub-paths. */
  end?: boolean;
  /** Place in the menu, smallest first (10 News Feed ... 110 Settings). */
  order: number;
};

/** What the profile page hands each section. */
export type ProfileSectionProps = {
  userId: string;
  isSelf: boolean;
  /** The `title` the section declared, for its card. */
  title: string;
};

/**
 * A section of the profile page (web/areas/profiles/components/profile-slots.tsx has the rules:
 * it fetches its own data and renders nothing while it has nothing to show).
 */
export type AreaProfileSection = {
  /** Unique across areas. */
  id: string;
  /** 10 pages and articles, 20 investments, 30 communities, 40 events. */
  order: number;
  title: string;
  /**
   * Sections naming the same card (and next to each other in order) share one card, titled by the
   * first's `title`; each shows as a part of it with its own sub-heading. Social groups and forum
   * groups are both 'communities'.
   */
  card?: string;
  /** Loads the component; called when its place nears the screen on a profile page, never in the first view. */
  load: () => Promise<ComponentType<ProfileSectionProps>>;
};

/**
 * A card above a signed-in member's feed (web/areas/feed/components/home-cards.tsx). It shows only
 * when it has something to offer (an incomplete profile, suggestions), so a member who is settled
 * in sees the feed alone and downloads none of the cards' code.
 */
export type AreaHomeCard = {
  /** Unique across areas. */
  id: string;
  /** 10 profile completion, 20 people you may know; 30 groups and 40 events are kept for them. */
  order: number;
  /**
   * A hook: whether the card will render, from data the first view already has (the /api/me
   * viewer) or one small query of its own; undefined while that query has not answered yet. It is
   * part of the first view, so it imports only that; until it says true, the card's code is not
   * loaded. While it says undefined, the row keeps the card's place on phones (a placeholder), so
   * the feed below does not move when the card arrives; false takes no space.
   */
  useIsShown: (viewerId: string) => boolean | undefined;
  /** Loads the component, once `useIsShown` says true; it may still render nothing. */
  load: () => Promise<ComponentType<{ viewerId: string }>>;
};

/** A public section a visitor's home invites them to explore: one card, linking to `to`. */
export type AreaWelcomeCard = {
  to: string;
  title: string;
  text: string;
  icon: LucideIcon;
  /** Place among the cards, smallest first (10 articles, 20 groups, 30 events). */
  order: number;
};

/** A hook the signed-in layout runs (inside LiveUpdates) with the signed-in person's id. */
export type LiveHook = (viewerId: string) => void;

/** A tab of the feed's filter bar (after All), showing the items of kinds registered under `category`. */
export type AreaFeedFilter = {
  category: FeedCategory;
  label: string;
  /** Place in the bar, smallest first (10 Groups, 20 Articles, 30 Events, 40 Investing, 50 Forums). */
  order: number;
};

/**
 * A button or menu of the top bar's signed-in part (web/app/layout/top-bar.tsx), between the
 * search and the theme switch. It is drawn in the first view, so it is light: a trigger whose
 * menu loads on first use (web/components/deferred-menu.tsx). It renders nothing when it does
 * not concern the viewer.
 */
export type AreaTopBarItem = {
  /** Unique across areas. */
  id: string;
  /** Place, smallest first: 10 Admin, 15 the connection status (the shell's), 20 inquiries, 30 messages, 40 notifications. */
  order: number;
  Component: ComponentType<{ viewer: Viewer }>;
};
