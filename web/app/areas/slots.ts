import { Bell, type LucideIcon } from 'lucide-react';
import type { FeedCategory } from '@common/feed/model';
import type { NotificationType } from '@common/notifications/model';
import { WEB_AREAS } from '@web/areas/index';
import type { AreaFeedFilter, AreaTopBarItem } from './contract';

/*
 * The app-wide lists the areas' modules fill (web/areas/<area>/module.ts): derived here, never
 * kept by hand, so shared code names no area.
 */

const byOrder = <T extends { order: number }>(items: T[]) => items.sort((a, b) => a.order - b.order);

/** The feed's filter tabs after All, in their declared order. */
export const FEED_FILTER_TABS: readonly AreaFeedFilter[] = byOrder(
  WEB_AREAS.flatMap((area) => area.feedFilters ?? []),
);

export function isFeedCategory(value: string | null): value is FeedCategory {
  return FEED_FILTER_TABS.some((tab) => tab.category === value);
}

const NOTIFICATION_ICONS: Partial<Record<string, LucideIcon>> = Object.assign(
  {},
  ...WEB_AREAS.map((area) => area.notificationIcons ?? {}),
);

/** The icon beside a notification: its area's, or the bell (the contract test wants one for each type). */
export function notificationIcon(type: NotificationType): LucideIcon {
  return NOTIFICATION_ICONS[type] ?? Bell;
}

/** The icons the areas declared, by type (for the contract test). */
export const notificationIconTypes = (): string[] => Object.keys(NOTIFICATION_ICONS);

/**
 * The top bar's area items, with the shell's own placed among them by `order`
 * (web/app/layout/top-bar.tsx).
 */
export const TOP_BAR_ITEMS: readonly AreaTopBarItem[] = byOrder(
  WEB_AREAS.flatMap((area) => area.topBar ?? []),
);
