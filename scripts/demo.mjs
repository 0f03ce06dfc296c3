// `npm run demo`: builds the app when the build is missing or older than the sources (as
// `npm start` does), then runs dist/server/demo.js: the app on its own embedded database in
// ./data-demo, filled with a demo community the first time. `npm run demo -- --fresh` starts over.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['dist/web/index.html', 'dist/server/index.js', 'dist/server/demo.js'], 'Building the app…');

// In this process, so signals reach the server's shutdown handler; it reads its flags from argv.
await import(pathToFileURL(path.join(root, 'dist/server/demo.js')).href);
