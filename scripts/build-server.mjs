// Bundles the server (and the common/ code it imports) into dist/server/index.js, and the demo
// (npm run demo) into dist/server/demo.js; packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts', 'server/demo.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
