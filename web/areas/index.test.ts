import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '@web/app/layout/nav-items';
import { APP_PATHS, SHELL_PATHS } from '@web/app/routing/app-paths';
import { RequireAuth } from '@web/app/routing/require-auth';
import { routes } from '@web/app/routing/routes';
import { declaredKeys } from '../../server/test/area-declarations';
import { FEED_FILTER_TABS, notificationIconTypes, TOP_BAR_ITEMS } from '@web/app/areas/slots';
import { WEB_AREAS } from './index';

const declaredPaths = WEB_AREAS.flatMap((area) => area.routes ?? []).map((route) => route.path);

describe('the list of web areas', () => {
  it('names each area once', () => {
    const ids = WEB_AREAS.map((area) => area.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares exactly the paths the server answers as app pages (APP_PATHS)', () => {
    expect(new Set(declaredPaths).size).toBe(declaredPaths.length);
    const appPaths = APP_PATHS.filter((path) => !SHELL_PATHS.includes(path));
    expect([...declaredPaths].sort()).toEqual([...appPaths].sort());
  });

  it('puts each declared route once in the route table, the sign-in ones behind RequireAuth', () => {
    const found: string[] = [];
    const walk = (list: RouteObject[], isGuarded: boolean, prefix: string) => {
      for (const route of list) {
        const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}` : '';
        if (path) found.push(`${isGuarded ? 'signed-in' : 'public'} ${path}`);
        walk(route.children ?? [], isGuarded || route.Component === RequireAuth, route.path ? path : prefix);
      }
    };
    walk(routes, false, '');
    const expected = WEB_AREAS.flatMap((area) => area.routes ?? []).map((r) => `${r.access} ${r.path}`);
    expect(found.sort()).toEqual(
      [...expected, ...SHELL_PATHS.map((path) => `public ${path}`), 'public /*'].sort(),
    );
  });

  it('gives the side menu its items in order, each to a declared page', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'News Feed',
      'Groups',
      'Investing',
      'Articles',
      'Forums',
      'Business Pages',
      'Events',
      'Messages',
      'Notifications',
      'Profile',
      'Settings',
    ]);
    for (const item of NAV_ITEMS) expect(declaredPaths).toContain(item.to);
    expect(NAV_ITEMS.filter((item) => !item.signedInOnly).map((item) => item.to)).toEqual(['/']);
  });

  it('keeps profile section ids unique', () => {
    const ids = WEB_AREAS.flatMap((area) => area.profileSections ?? []).map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('articles');
  });

  it('labels every feed tab and draws every notification type the areas declare, once', () => {
    const tabs = FEED_FILTER_TABS.map((tab) => tab.category);
    expect(new Set(tabs).size).toBe(tabs.length);
    expect([...tabs].sort()).toEqual([...declaredKeys('AreaFeedCategories').keys()].sort());
    expect(FEED_FILTER_TABS.map((tab) => tab.label)).toEqual([
      'Groups',
      'Articles',
      'Events',
      'Investing',
      'Forums',
    ]);
    const icons = WEB_AREAS.flatMap((area) => Object.keys(area.notificationIcons ?? {}));
    expect(new Set(icons).size).toBe(icons.length);
    expect(notificationIconTypes().sort()).toEqual([...declaredKeys('AreaNotificationTypes').keys()].sort());
  });

  it('keeps top-bar item ids unique', () => {
    const ids = TOP_BAR_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(['admin', 'inquiries', 'messages', 'notifications']);
  });
});
