import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatDateTime } from '@web/lib/format-time';
import { RouterProvider } from 'react-router/dom';
import { hasPrerenderedPage, revealApp } from './prerender/handover';
import { AppProviders } from './providers/app-providers';
import { createAppRouter } from './router';

/** Renders the app into #root (web/main.tsx loads this module). */
export function startApp() {
  // zod's first object check tries `new Function` to see whether it may compile checks; the
  // Content-Security-Policy refuses eval, and the browser reports each refusal as a violation.
  // Set before any lazily loaded part brings zod in: it never tries.
  ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element in index.html');
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const root = createRoot(container);
  setTimeout(() => formatDateTime(0), 0);

  if (!hasPrerenderedPage()) {
    // In a transition too: React renders the layout and the first page in slices of about 5 ms
    // (an urgent render would be one task of 100 ms and more on a phone's slower CPU).
    startTransition(() => root.render(app));
    return;
  }
  // The page that replaces the prerendered welcome page reveals the app itself; these two make
  // sure it is never left hidden: a navigation away from / and, whatever happened, a time limit.
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === '/') return;
    unsubscribe();
    revealApp();
  });
  setTimeout(revealApp, 15_000);
  // Nobody sees #root yet: render in a transition, which React splits into short tasks, so a
  // visitor can scroll and click the prerendered page meanwhile (Lighthouse's blocking time).
  startTransition(() => root.render(app));
}
