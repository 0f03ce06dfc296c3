import { lazy } from 'react';
import { DeferredMenu } from '@web/components/deferred-menu';
import { ThemeTrigger } from './theme-trigger';

const loadThemeMenu = () => import('./theme-menu');
const ThemeMenu = lazy(() => loadThemeMenu().then((m) => ({ default: m.ThemeMenu })));

/** Light / Dark / System, from the top bar. */
export function ThemeSwitcher() {
  return (
    <DeferredMenu
      preload={loadThemeMenu}
      menu={<ThemeMenu defaultOpen />}
      renderTrigger={(props) => <ThemeTrigger {...props} />}
    />
  );
}
