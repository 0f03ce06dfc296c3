import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppLayout } from '../layout/app-layout';
import { ThemeProvider } from '../providers/theme-provider';
import { PrerenderContext } from './handover';

/**
 * A page inside the shared layout, as markup, for the pages written at build (the visitor's welcome
 * page, a member's frame: scripts/prerender.mjs). `queryClient` holds what the layout already knows
 * (the session, or nothing yet); the page stands at every path.
 */
export function renderInLayout(queryClient: QueryClient, Page: ComponentType): string {
  const router = createMemoryRouter([{ Component: AppLayout, children: [{ path: '*', Component: Page }] }]);
  return renderToStaticMarkup(
    <PrerenderContext value={true}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </PrerenderContext>,
  );
}
