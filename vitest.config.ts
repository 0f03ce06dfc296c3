import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@common': dir('./common'), '@server': dir('./server'), '@web': dir('./web') },
  },
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: two test files at a time.
    maxWorkers: 2,
  },
});
