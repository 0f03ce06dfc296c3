import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on the digest), sent as given and kept with a kept mail. */
  headers?: Record<string, string>;
};
export type Mailer = { send(mail: Mail): Promise<void>; readonly mode: 'smtp' | 'folder' };

/** Thrown by a mailer that surely did not hand the mail over (the folder mailer could not keep it). */
export class MailNotSent extends Error {}

/**
 * Whether a mailer's error means the mail surely did not go: the folder mailer could not keep it,
 * the SMTP server answered with a refusal code (4xx, 5xx) or no connection was ever made. Anything
 * else (a connection lost or timed out in the middle) may have come after the server took it.
 */
export function mailSurelyNotSent(err: unknown): boolean {
  if (err instanceof MailNotSent) return true;
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { responseCode?: unknown; command?: unknown };
  return (
    (typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 600) ||
    e.command === 'CONN'
  );
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * SMTP when SMTP_URL is set. Otherwise every mail is kept as JSON in <dataDir>/mail, links listed,
 * so someone running the app locally can still confirm an address or reset a password: the log
 * says which file to open, never the links themselves (they sign in or reset a password, and logs
 * travel further than the data folder).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const { logger } = opts;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const folder = path.join(opts.dataDir, 'mail');
  return {
    mode: 'folder',
    async send(mail) {
      try {
        await keep(mail);
      } catch (err) {
        throw new MailNotSent(err instanceof Error ? err.message : String(err), { cause: err });
      }
    },
  };

  async function keep(mail: Mail) {
    await mkdir(folder, { recursive: true });
    const links = [...new Set(mail.text.match(LINK) ?? [])];
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    // Written aside, then renamed: whoever reads the folder never sees half a mail.
    const partial = `${file}.partial`;
    await writeFile(
      partial,
      JSON.stringify({ from: opts.from, ...mail, links, sentAt: new Date() }, null, 2),
    );
    await rename(partial, file);
    logger.info(
      { to: mail.to, subject: mail.subject, file },
      'mail kept (no SMTP_URL set): open the file for its links',
    );
  }
}
