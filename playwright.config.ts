import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One data folder for the whole run, shared by the runner and its workers (they inherit the env).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cofound-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/**
 * The local pages the link preview journey serves (e2e/link-previews/), on loopback: allowed by
 * LINK_PREVIEW_ALLOW_HOSTS below, as a private deployment would allow its intranet. Far from the
 * app's port, so runs on neighbouring ports do not collide.
 */
export const E2E_LINK_PAGES_PORT = PORT + 20_000;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Journeys of two or three people run 15–25 s on a quiet machine; machines differ (one took
  // 65 s for the follow-befriend-message journey, the whole run 28 minutes, with nothing else
  // running), so a test has two minutes and a single expectation ten seconds.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The service worker answers reads from its cache and its own requests escape page.route, so
    // journeys that stub or delay the API would test it instead of the page. Only the specs about
    // it (offline, push) let it run: test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node dist/server/index.js',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      BASE_URL: E2E_BASE_URL,
      // Each test browses from its own address (x-forwarded-for), as behind a proxy, so the
      // sign-in rate limits stay on without tests tripping over each other.
      TRUST_PROXY: '1',
      ADMIN_EMAILS:
        'e2e-admin@example.com,e2e-admin-area@example.com,e2e-moderator@example.com,e2e-digest-admin@example.com',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      // Cheaper scrypt than OWASP's production cost, for tests only (server/platform/password.ts):
      // these tests are about pages, and the API tests check the real cost.
      CHEAP_PASSWORD_HASHING_FOR_TESTS: '1',
      // The push test's receiving endpoint is plain http on 127.0.0.1 (e2e/settings/push.spec.ts).
      PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
      // The digest journey runs the digest job as of tomorrow (server/test-hooks.routes.ts).
      TEST_HOOKS: '1',
      LINK_PREVIEW_ALLOW_HOSTS: `127.0.0.1:${E2E_LINK_PAGES_PORT}`,
    },
  },
});
