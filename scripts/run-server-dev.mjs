import { spawnSync } from 'node:child_process';

const res = spawnSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
if (res.status === 0) await import(`../dist/server/index.js?${Date.now()}`);
