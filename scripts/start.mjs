// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the server (PGlite in ./data unless DATABASE_URL is set).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['dist/web/index.html', 'dist/server/index.js'], 'First start: building the app…');

// Run the server in this process, so signals (SIGTERM from a supervisor) reach its shutdown handler.
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
