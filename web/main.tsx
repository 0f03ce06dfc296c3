import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers/app-providers';
import { hasPrerenderedPage, revealApp } from './app/prerender/handover';
import { router } from './app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

if (hasPrerenderedPage()) {
  // The page that replaces the prerendered welcome page reveals the app itself; these two make
  // sure it is never left hidden: a navigation away from / and, whatever happened, a time limit.
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === '/') return;
    unsubscribe();
    revealApp();
  });
  setTimeout(revealApp, 15_000);
}

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
