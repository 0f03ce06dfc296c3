import './styles.css';
import { PRERENDERED_ID } from './app/prerender/handover';

// The app starts in a task after the one that evaluated its code (React, the router, the first
// page's modules): two shorter tasks on a phone's main thread, not one long one.
const start = () =>
  import('./app/start').then(({ startApp }) => {
    setTimeout(startApp, 0);
  });

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
