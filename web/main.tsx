import './styles.css';

/**
 * The prerendered welcome page's element (PRERENDERED_ID of web/app/prerender/handover.ts, written
 * here: importing that module would make the first view's chunk a static import of the entry, so
 * the entry would run only once that chunk is downloaded and evaluated, and ask for React's
 * renderer only then).
 */
const PRERENDERED_ID = 'prerendered';

// The app starts in a task after the one that evaluated its code (React, the router, the first
// page's modules), in steps of their own (web/app/start.tsx). React's DOM renderer is a chunk of
// its own, fetched beside the first view's and evaluated in a task of its own once that one has
// run: not from the first view's top level, where its first `Error()` makes V8 collect source
// positions for the whole first-view chunk under a profiler (docs/decisions/049-first-view-in-steps.md).
const start = () => {
  const renderer = import('react-dom/client');
  return import('./app/start').then(({ startApp }) => {
    setTimeout(() => void startApp(renderer), 0);
  });
};

if (document.getElementById(PRERENDERED_ID)) {
  // The prerendered welcome page paints first; the app's code runs after that paint (a task
  // queued from a frame callback runs once the frame is drawn), not before it.
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}

// The service worker (web pushes, installing the app, reading offline) is never part of the first view: it is
// registered once the page has loaded.
if ('serviceWorker' in navigator) {
  // It also keeps the app readable offline (docs/decisions/030): what this first visit loaded
  // before the worker was in charge (the build's files, the API reads) is handed to it to keep.
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then(({ active }) =>
        active?.postMessage({
          type: 'cofound:keep',
          loaded: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [
            e.name,
            e.initiatorType,
          ]),
        }),
      )
      .catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
