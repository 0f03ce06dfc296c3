// `npm run dev`: the API on :3000 (rebuilt and restarted on change) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  NODE_ENV: 'development',
  DEV_ORIGINS: 'http://localhost:5173',
  BASE_URL: 'http://localhost:5173',
};
const procs = [
  spawn('node', ['--watch-path=server', '--watch-path=common', 'scripts/run-server-dev.mjs'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
