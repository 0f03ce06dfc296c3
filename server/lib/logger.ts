import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/*
 * Logs are read by more people, kept longer and copied further than the database: no token, code,
 * signed link, password or session cookie may reach a log line. Every line goes through
 * redactSecrets (pino's logMethod hook), whoever wrote it: our code, better-auth's logger, an
 * error's message or stack.
 */

const REDACTED = '[redacted]';

/** Keys whose values are secrets whatever they hold. */
const SECRET_KEYS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'links',
  'set-cookie',
]);

const STRING_RULES: [RegExp, string][] = [
  // Tokens carried in a path: /api/auth/reset-password/<token> (and any /verify…/<token>).
  [/(\/(?:reset-password|verify-email|verify|magic-link)\/)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  // Tokens, codes and signatures in a query string (confirmation links, S3 presigned URLs).
  [
    /([?&;](?:token|code|otp|signature|sig|secret|password|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"'<>]*/gi,
    `$1${REDACTED}`,
  ],
  // A session cookie quoted anywhere.
  [/(session_token=)[^;\s"'<>]+/gi, `$1${REDACTED}`],
  // A JWT on its own (better-auth's confirmation tokens are JWTs).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g, REDACTED],
];

/**
 * What each rule above starts with, in one pattern (a case-insensitive superset: a path segment
 * named like a token route, a secret's name before `=`, a JWT's start).
 */
const MAY_HOLD_SECRET =
  /\/(?:reset-password|verify-email|verify|magic-link)\/|(?:token|code|otp|signature|sig|secret|password|x-amz-signature|x-amz-credential|x-amz-security-token)=|eyJ/i;

/** A string with every token, code, signature and session cookie in it replaced. */
export function redactString(text: string): string {
  // Most strings logged (a method, a plain path, a message) hold nothing any rule could match:
  // one test instead of every rule's replace (a request's path is logged on every request).
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of STRING_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of what is about to be logged, its secrets replaced (objects a few levels deep). */
export function redactSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (!value || typeof value !== 'object') return value;
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  if (depth > 6 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return redactSecrets(stdSerializers.err(value), depth + 1, seen);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactSecrets(v, depth + 1, seen);
  }
  return out;
}

/**
 * Standard output, written in batches: one write for every line (a request's log line) cost the
 * server a system call per request, as much as answering it. Lines wait until 4 KB are pending or
 * 200 ms have passed, whichever is first; pino writes out what is pending when the process exits
 * (a crash's last line included), except on SIGKILL.
 */
const STDOUT = { dest: 1, sync: false, minLength: 4096, periodicFlush: 200 };

/** The app's logger (stdout, or `destination`: tests read what was logged). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => redactSecrets(a)),
        );
      },
    },
  };
  return pino(options, destination ?? pino.destination(STDOUT));
}
