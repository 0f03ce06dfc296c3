import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import areaBoundaries from './eslint/area-boundaries.js';
import webAreaBoundaries from './eslint/web-area-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The area contract (decision 012): areas meet through their index.ts; shared code imports no area.
    files: ['server/**/*.ts'],
    plugins: { cofound: areaBoundaries },
    rules: { 'cofound/area-boundaries': 'error' },
  },
  {
    // The same contract on the web: areas meet through their public.ts; web/lib and web/components import no area.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'cofound-web': webAreaBoundaries },
    rules: { 'cofound-web/web-area-boundaries': 'error' },
  },
  {
    // Tests read whatever JSON the API answered.
    files: ['**/*.test.ts', 'server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
