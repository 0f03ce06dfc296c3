import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// react-router's package exports point at its development build (dev warnings on) for every
// bundler; its own Vite plugin swaps in the production build, so without that plugin we do.
const reactRouterProduction = {
  'react-router/dom': dir('./node_modules/react-router/dist/production/dom-export.mjs'),
  'react-router': dir('./node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  root: dir('./web'),
  publicDir: dir('./web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': dir('./common'),
      '@server': dir('./server'),
      '@web': dir('./web'),
      ...(command === 'build' ? reactRouterProduction : {}),
    },
  },
  build: {
    outDir: dir('./dist/web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The first view carries the file name of every chunk a route may load (the preload map of
        // each lazy import): the named groups below keep their names, the other chunks are named by
        // their hash alone, which takes almost a kilobyte (gzipped) off the first view.
        chunkFileNames: (chunk) =>
          ['first-view', 'home-cards', 'live-updates'].includes(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        codeSplitting: {
          // The first view in few files (issue 14): dozens of small chunks each cost a request
          // and compress worse than one. Every group takes its modules' static imports along.
          groups: [
            {
              // What / needs for a visitor and a member: the app's start (React, the router, the
              // providers), the layout, the home page and the feed. scripts/prerender.mjs preloads it.
              // Two icons go with it (a few hundred bytes): the home cards and every dialog share
              // them, and in either group they would pull one into loading the other.
              name: 'first-view',
              test: /[\\/]web[\\/](app[\\/]start|app[\\/]layout[\\/]app-layout|areas[\\/]feed[\\/](pages[\\/]home-page|components[\\/]feed))\.tsx$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](x|circle-check)\.mjs$/,
              priority: 2,
            },
            {
              // The cards a new member's home may show (each area's home-cards/ folder, module.ts
              // `homeCards`) load together: one request, one gzip stream.
              name: 'home-cards',
              test: /[\\/]web[\\/]areas[\\/][^\\/]+[\\/]home-cards[\\/][^\\/]+\.tsx$/,
              priority: 1,
            },
            {
              // A signed-in tab's socket and the areas' live hooks (module.ts `liveHooks`).
              name: 'live-updates',
              test: /[\\/]web[\\/](app[\\/]realtime[\\/]live-updates\.tsx|areas[\\/][^\\/]+[\\/]api[\\/]use-[^\\/]+-live-sync\.ts)$/,
              priority: 1,
            },
            {
              // The icons that more than one lazily loaded part uses, in one file: each was a file of
              // its own (a few hundred bytes), and every file a page loads is a request and, when a
              // page is opened from the app, a modulepreload link of its own (docs/decisions/050).
              name: 'icons',
              test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
