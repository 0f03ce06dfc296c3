import { startTransition, StrictMode } from 'react';
import type { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { buildClassMergeTables } from '@web/lib/cn';
import { loadLocaleDataIfUsed } from '@web/lib/format-time';
import { meQueryOptions } from '@web/lib/me';
import { hasPrerenderedPage, revealApp } from './prerender/handover';
import { AppProviders } from './providers/app-providers';
import { createQueryClient } from './providers/query-client';
import { createAppRouter } from './router';

/**
 * The next task: what follows runs after the browser has had the main thread (input, a paint).
 * `scheduler.yield` where there is one (its continuation goes before other queued work), else a timer.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** How long the first render waits for who is signed in before drawing the loading header instead. */
const ME_WAIT_MS = 3000;

/**
 * The page's HTML named /api/me as a first read (a signed-in member's page: server/lib/static.ts):
 * its answer is on its way since the HTML, and usually here before the app's code has run.
 */
const isMeHinted = () => document.querySelector('link[rel="preload"][href="/api/me"]') !== null;

/**
 * Renders the app into #root (web/main.tsx calls it in the task after the one that evaluated the
 * first view's code). Each step is a task of its own, each short on a phone's slower CPU
 * (docs/decisions/049-first-view-in-steps.md): the router, its start (which starts loading the
 * page's code), the class-merge tables, then the first render, in a transition React slices.
 */
export async function startApp(renderer: Promise<{ createRoot: typeof createRoot }>) {
  // zod's first object check tries `new Function` to see whether it may compile checks; the
  // Content-Security-Policy refuses eval, and the browser reports each refusal as a violation.
  // Set before any lazily loaded part brings zod in: it never tries.
  ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element in index.html');

  const queryClient = createQueryClient();
  // A member's first render draws their own header and page, not the loading header first and
  // then theirs in an urgent render of its own (one long task, and a field typed into meanwhile
  // is drawn again under the typing).
  const me = isMeHinted()
    ? Promise.race([
        queryClient.fetchQuery(meQueryOptions()).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, ME_WAIT_MS)),
      ])
    : null;
  const router = createAppRouter();

  // Matching the address and starting to load the page's code.
  await nextTask();
  router.initialize();

  await nextTask();
  buildClassMergeTables();

  const [{ createRoot: createRootOf }] = await Promise.all([
    renderer,
    me,
    // The page's own code too: a member's HTML draws the layout's frame (scripts/prerender.mjs),
    // which the first render replaces; rendered before the page's code is there, the router's
    // fallback (a bare spinner, no header) would stand between the frame and the page.
    router.state.initialized ||
      new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      }),
  ]);
  // Not in the task that evaluated the renderer's chunk, when that is what was awaited.
  await nextTask();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const root = createRootOf(container);
  // The locale's date data loads with the first Intl date format: in a task of its own (040), and
  // only when a module loaded so far formats dates with Intl (the feed's and a profile's dates are
  // written by hand: web/lib/format-time.ts). Waiting for the router to be initialized before this,
  // through a second router.subscribe, left a visitor's page on its spinner now and then (the
  // articles and layout end-to-end tests).
  setTimeout(loadLocaleDataIfUsed, 0);

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
