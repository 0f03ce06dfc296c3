import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./web'),
  publicDir: dir('./web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': dir('./common'),
      '@server': dir('./server'),
      '@web': dir('./web'),
    },
  },
  build: {
    outDir: dir('./dist/web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
