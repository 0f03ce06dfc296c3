import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Booted } from '../boot';
import { readEnv } from '../env';
import { createLogger, redactSecrets } from '../lib/logger';
import { Agent, BASE_URL, newPerson, openTestDatabase } from '../test/harness';

/*
 * Issue 13, hole 4: secrets in logs. The request log recorded /api/auth/reset-password/<token>, a
 * usable token for an hour, and with no SMTP server every mail's links (confirmation, reset) were
 * logged. Here the app runs as in production without SMTP, logging everything down to debug into a
 * buffer, through a whole confirmation and reset; no token may appear in what was logged.
 */

let booted: Booted;
let dataDir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cofound-logs-'));
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const env = readEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    BASE_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SMTP_URL: '',
    LOG_LEVEL: 'debug',
    TRUST_PROXY: '1',
  });
  booted = await boot(env, {
    database,
    logger: createLogger('debug', sink),
    webDir: null,
    notificationMailIntervalMs: 0,
  });
});
afterAll(async () => {
  await booted?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The newest kept mail to `to` whose subject matches. */
async function keptMail(to: string, subject: RegExp): Promise<{ links: string[]; subject: string }> {
  const folder = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 50; tries++) {
    const files = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
    for (const f of files.sort().reverse()) {
      const mail = JSON.parse(await readFile(path.join(folder, f), 'utf8')) as {
        to: string;
        subject: string;
        links: string[];
      };
      if (mail.to === to && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no kept mail to ${to}`);
}

describe('no token, code or signed link reaches a log line', () => {
  it('through sign-up, confirmation and a password reset, without SMTP, nothing secret is logged', async () => {
    const agent = new Agent(() => booted.app);
    const person = newPerson();
    expect((await agent.post('/api/auth/sign-up/email', person)).status).toBe(200);
    const confirm = await keptMail(person.email, /confirm/i);
    const confirmLink = confirm.links.find((l) => l.includes('/verify-email'))!;
    const confirmToken = new URL(confirmLink).searchParams.get('token')!;
    expect(confirmToken.length).toBeGreaterThan(20);
    expect((await agent.get(confirmLink)).status).toBe(302);

    const browser = new Agent(() => booted.app);
    expect((await browser.post('/api/auth/request-password-reset', { email: person.email })).status).toBe(
      200,
    );
    const reset = await keptMail(person.email, /reset/i);
    const resetLink = reset.links.find((l) => l.includes('/reset-password/'))!;
    const resetToken = new URL(resetLink).pathname.split('/').at(-1)!;
    expect(resetToken.length).toBeGreaterThan(10);
    const landing = await browser.get(resetLink);
    expect(landing.status).toBe(302);
    // A forged token's failure is logged too, and must not carry the (forged) token either.
    await browser.post('/api/auth/reset-password', {
      token: 'forged-token-value',
      newPassword: 'x9-y8-z7-w6',
    });
    const done = await browser.post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'a-brand-new-pass-9',
    });
    expect(done.status).toBe(200);

    const log = lines.join('\n');
    // None of the secrets…
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(confirmToken);
    expect(log).not.toContain(confirmToken.split('.')[2]!);
    expect(log).not.toContain('a-brand-new-pass-9');
    expect(log).not.toContain(person.password);
    expect(log).not.toMatch(/verify-email\?token=(?!\[redacted\])/);
    expect(log).not.toMatch(/"links"\s*:\s*\[/);
    // …though the log did see these requests (the test would prove nothing otherwise).
    expect(log).toContain('"path":"/api/auth/reset-password/[redacted]"');
    expect(log).toContain('mail kept (no SMTP_URL set)');
  });

  it('redacts tokens, codes and signatures wherever they hide in what is logged', () => {
    const err = new Error(
      'fetch failed for https://x.example/api/auth/verify-email?token=eyJhbGciOi.eyJlbWFp.c2lnbmF0',
    );
    const out = JSON.stringify(
      redactSecrets({
        url: 'https://bucket.example/k?X-Amz-Signature=abcdef123&X-Amz-Credential=AKIA/x&a=1',
        path: '/api/auth/reset-password/s3cr3tT0ken',
        cookie: 'cofound.session_token=abc.def',
        nested: { deep: ['/cb?code=4242&state=x', { token: 'plain-token' }], err },
      }),
    );
    for (const secret of ['abcdef123', 'AKIA', 's3cr3tT0ken', 'abc.def', '4242', 'plain-token', 'eyJhbGciOi'])
      expect(out, secret).not.toContain(secret);
    expect(out).toContain('a=1');
    expect(out).toContain('state=x');
    expect(out).toContain('fetch failed');
  });
});
