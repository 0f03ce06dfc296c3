import {
  SECURITY_MSG,
  ZDeletePasskey,
  ZDisableTwoFactor,
  ZEnableTwoFactor,
  ZPasskeyAuthentication,
  ZPasskeyRegistration,
  ZVerifyRecoveryCode,
  ZVerifyTotp,
} from '@common/auth/security';
import {
  ZCorrectEmail,
  ZRequestReset,
  ZResetPassword,
  ZSignIn,
  ZSignUp,
  ZUsername,
  ZUsernameCheck,
  type UsernameCheck,
} from '@common/auth/schemas';
import type { ErrorCode, MeResponse } from '@common/core/api-types';
import { MSG, MSG_AUTH_SAFETY, MSG_CHECK_INBOX } from '@common/core/texts';
import { ZChangePassword } from '@common/profiles/schemas';
import { SETTINGS_MSG } from '@common/profiles/model';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError, errorBody, statusOf } from '../../lib/errors';
import { parseOrThrow } from '../../lib/validate';
import { CLIENT_IP_HEADER, runAuthCall, type AuthCall } from '../../platform/auth';
import { getOwnProfile } from '../profiles';
import { enforce, type RateLimit } from '../../platform/rate-limit';
import { sql } from 'drizzle-orm';
import { correctUnconfirmedEmail, RESEND_CONFIRMATION } from './correct-email';
import { isSigningUpBrowser, pendingCookie } from './confirm-browser';
import {
  countFailedSignIn,
  countWrongCode,
  pendingTwoFactorUser,
  refuseCommonPassword,
  refuseThrottledCode,
  refuseThrottledSignIn,
  sessionUserId,
  type SignInAttempt,
} from './auth.guards';

/*
 * better-auth serves /api/auth/*. In front of it we validate input with the shared schemas (so the
 * messages match the page), expose only the endpoints the product uses, and rewrite its errors into
 * the API's one error shape.
 */

type Rule = { schema?: z.ZodType; rewrite?: (body: Record<string, unknown>) => Record<string, unknown> };

const POST_RULES: Record<string, Rule> = {
  '/sign-up/email': {
    schema: ZSignUp,
    // The sign-up form asks only for a username; it doubles as the display name until the profile is edited.
    rewrite: (b) => ({ ...b, name: b.username, callbackURL: '/?verified=1' }),
  },
  '/sign-in/email': { schema: ZSignIn, rewrite: (b) => ({ ...b, callbackURL: '/?verified=1' }) },
  '/sign-out': {},
  '/request-password-reset': {
    schema: ZRequestReset,
    rewrite: (b) => ({ ...b, redirectTo: '/reset-password' }),
  },
  '/reset-password': { schema: ZResetPassword },
  // Settings, Account tab: the current password is checked and every other session ends.
  '/change-password': { schema: ZChangePassword, rewrite: (b) => ({ ...b, revokeOtherSessions: true }) },
  '/send-verification-email': {
    schema: ZRequestReset,
    rewrite: (b) => ({ ...b, callbackURL: '/?verified=1' }),
  },
  // Two-step sign-in (Settings > Account, and the sign-in's second step). No "trust this device":
  // every sign-in with a password asks for a code.
  '/two-factor/enable': {
    schema: ZEnableTwoFactor,
    rewrite: (b) => ({ password: b.password, method: 'totp' }),
  },
  '/two-factor/verify-totp': { schema: ZVerifyTotp, rewrite: (b) => ({ code: b.code }) },
  '/two-factor/verify-backup-code': { schema: ZVerifyRecoveryCode, rewrite: (b) => ({ code: b.code }) },
  // The code is checked here first (better-auth asks only for the password).
  '/two-factor/disable': { schema: ZDisableTwoFactor, rewrite: (b) => ({ password: b.password }) },
  // Passkeys: add, sign in with, remove.
  '/passkey/verify-registration': { schema: ZPasskeyRegistration },
  '/passkey/verify-authentication': { schema: ZPasskeyAuthentication },
  '/passkey/delete-passkey': { schema: ZDeletePasskey },
};
/** Calls that check a two-step code: wrong ones are counted per account and per address. */
const CHECKS_CODE = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
]);
/**
 * Calls that end sessions: once one has succeeded, the session cache forgets the sessions of the
 * person concerned on every instance. A failed or refused one changes nothing, so it flushes nothing.
 */
const ENDS_SESSIONS = new Set([
  '/sign-out',
  '/reset-password',
  '/change-password',
  // Both replace the session they run in with a new one (the user's twoFactorEnabled changed).
  '/two-factor/disable',
  '/two-factor/verify-totp',
]);
/** Where a confirmation that kept the browser's own session lands (the page says so). */
const CONFIRMED_KEPT_SESSION = '/?verified=1&session=kept';
/** Where a confirmation opened in another browser than the one that signed up lands: signed out. */
const CONFIRMED_SIGN_IN = '/?verified=1';
// No get-session: /api/me answers who is signed in, without the session token.
const GET_ALLOWED = [
  /^\/verify-email$/,
  /^\/reset-password\/[^/]+$/,
  /^\/passkey\/generate-register-options$/,
  /^\/passkey\/generate-authenticate-options$/,
  /^\/passkey\/list-user-passkeys$/,
];

/** better-auth error codes -> our code, message and the field it concerns. */
const KNOWN: Record<string, { code: ErrorCode; message: string; field?: string }> = {
  USERNAME_IS_ALREADY_TAKEN: { code: 'CONFLICT', message: MSG.usernameTaken, field: 'username' },
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: {
    code: 'CONFLICT',
    message: MSG.usernameTaken,
    field: 'username',
  },
  USER_ALREADY_EXISTS: { code: 'CONFLICT', message: MSG.emailTaken, field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'CONFLICT', message: MSG.emailTaken, field: 'email' },
  INVALID_EMAIL_OR_PASSWORD: { code: 'UNAUTHENTICATED', message: MSG.invalidCredentials },
  INVALID_EMAIL: { code: 'UNAUTHENTICATED', message: MSG.invalidCredentials },
  EMAIL_NOT_VERIFIED: { code: 'FORBIDDEN', message: MSG.emailNotConfirmed },
  INVALID_TOKEN: { code: 'VALIDATION', message: MSG.resetLinkInvalid, field: 'token' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION', message: MSG.passwordTooShort, field: 'password' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION', message: MSG.passwordTooLong, field: 'password' },
  USERNAME_TOO_SHORT: { code: 'VALIDATION', message: MSG.usernameLength, field: 'username' },
  USERNAME_TOO_LONG: { code: 'VALIDATION', message: MSG.usernameLength, field: 'username' },
  INVALID_USERNAME: { code: 'VALIDATION', message: MSG.usernameInvalid, field: 'username' },
  INVALID_PASSWORD: {
    code: 'VALIDATION',
    message: SETTINGS_MSG.currentPasswordWrong,
    field: 'currentPassword',
  },
  BANNED_USER: { code: 'FORBIDDEN', message: MSG.accountSuspended },
  HASH_QUEUE_FULL: { code: 'RATE_LIMITED', message: MSG_AUTH_SAFETY.serverBusy },
  INVALID_CODE: { code: 'VALIDATION', message: SECURITY_MSG.wrongCode, field: 'code' },
  INVALID_BACKUP_CODE: { code: 'VALIDATION', message: SECURITY_MSG.wrongRecoveryCode, field: 'code' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'UNAUTHENTICATED', message: SECURITY_MSG.challengeExpired },
  INVALID_TWO_FACTOR_COOKIE: { code: 'UNAUTHENTICATED', message: SECURITY_MSG.challengeExpired },
  ACCOUNT_TEMPORARILY_LOCKED: { code: 'RATE_LIMITED', message: SECURITY_MSG.codesThrottled },
  TOTP_ALREADY_ENABLED: { code: 'CONFLICT', message: SECURITY_MSG.alreadyOn },
  TOTP_NOT_ENABLED: { code: 'CONFLICT', message: SECURITY_MSG.notOn },
  TWO_FACTOR_NOT_ENABLED: { code: 'CONFLICT', message: SECURITY_MSG.notOn },
  PASSKEY_NOT_FOUND: { code: 'UNAUTHENTICATED', message: SECURITY_MSG.passkeyFailed },
  AUTHENTICATION_FAILED: { code: 'UNAUTHENTICATED', message: SECURITY_MSG.passkeyFailed },
  CHALLENGE_NOT_FOUND: { code: 'VALIDATION', message: SECURITY_MSG.passkeyFailed },
  FAILED_TO_VERIFY_REGISTRATION: { code: 'VALIDATION', message: SECURITY_MSG.passkeyFailed },
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION';
}

async function rewriteError(
  res: Response,
  log: AppEnv['Variables']['log'],
  signInEmail?: string,
): Promise<Response> {
  let raw: { code?: string; message?: string } = {};
  try {
    raw = (await res.clone().json()) as typeof raw;
  } catch {
    // Not JSON: fall back to the status alone.
  }
  let known = raw.code ? KNOWN[raw.code] : undefined;
  // better-auth has just mailed a new link (sendOnSignIn): say so, and where (issue 21).
  if (raw.code === 'EMAIL_NOT_VERIFIED' && signInEmail)
    known = { code: 'FORBIDDEN', message: MSG_AUTH_SAFETY.notConfirmedLinkSent(signInEmail.trim()) };
  let code = known?.code ?? codeForStatus(res.status);
  let message = known?.message;
  if (!message) {
    if (code === 'INTERNAL') log.error({ status: res.status, raw }, 'auth endpoint failed');
    message = code === 'INTERNAL' || code === 'RATE_LIMITED' ? undefined : raw.message;
  }
  if (res.status === 429) code = 'RATE_LIMITED';
  const fields = known?.field ? { [known.field]: known.message } : undefined;
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  if (code === 'RATE_LIMITED' && !headers.has('retry-after'))
    headers.set('retry-after', headers.get('x-retry-after') ?? '2');
  const status = code === 'VALIDATION' ? 400 : statusOf(code);
  return new Response(JSON.stringify(errorBody(code, message, fields)), { status, headers });
}

/**
 * better-auth also answers the session token in the JSON body; the page never needs it (the
 * httpOnly cookie carries the session), and script-readable it would undo what httpOnly protects.
 */
async function withoutToken(res: Response): Promise<Response> {
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as unknown;
  if (!body || typeof body !== 'object' || !('token' in body)) return res;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(rest), { status: res.status, headers });
}

/** A wrong TOTP or recovery code (not a missing or expired sign-in, which counts as nothing). */
async function isWrongCode(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code === 'INVALID_CODE' || body.code === 'INVALID_BACKUP_CODE';
}

/**
 * The answer to turning two-step sign-in on: better-auth's otpauth URI and recovery codes, plus the
 * key as text and the QR code (an SVG), both made here so the page needs no QR library.
 */
async function withSetup(res: Response): Promise<Response> {
  const body = (await res.clone().json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(body.totpURI).searchParams.get('secret') ?? '';
  const qrSvg = await QRCode.toString(body.totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(
    JSON.stringify({ totpURI: body.totpURI, secret, qrSvg, backupCodes: body.backupCodes }),
    { status: 200, headers },
  );
}

/**
 * Username checks per client address: a form asks once typing pauses, a few times a sign-up; this
 * many a minute is a script walking names.
 */
export const USERNAME_CHECK = { name: 'username-check', max: 30, windowSec: 60 } satisfies RateLimit;

/** Taken as better-auth's username plugin compares them: lower-cased. */
async function isUsernameTaken(db: AppDeps['db'], username: string) {
  const { rows } = await db.execute(
    sql`select 1 from users where username = ${username.toLowerCase()} limit 1`,
  );
  return rows.length > 0;
}

export function authRoutes(deps: AppDeps) {
  const { auth, db } = deps;
  deps.meter.register(USERNAME_CHECK);
  // Chained, so the web app's typed client (hono/client) sees every route and its JSON.
  return (
    new Hono<AppEnv>()
      .on(['GET', 'POST'], '/auth/*', async (c) => {
        const sub = c.req.path.replace(/^\/api\/auth/, '');
        let request = c.req.raw;

        const call: AuthCall = {};
        // Whose sessions a successful call ends; null: not known before it runs.
        let concerned: string[] | null = null;
        let signInEmail: string | undefined;
        let signIn: SignInAttempt | undefined;
        let notSigningUpBrowser = false;
        let parsedEmail: string | undefined;
        let codeCheck: { userId: string; ip: string } | undefined;

        if (c.req.method === 'POST') {
          const rule = POST_RULES[sub];
          if (!rule) throw new AppError('NOT_FOUND');
          let body: Record<string, unknown> = {};
          const text = await c.req.text();
          if (text.trim()) {
            try {
              const parsed: unknown = JSON.parse(text);
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
                throw new Error('not an object');
              body = parsed as Record<string, unknown>;
            } catch {
              throw new AppError('VALIDATION', 'The request body must be a JSON object.');
            }
          }
          if (rule.schema) body = parseOrThrow(rule.schema, body) as Record<string, unknown>;
          parsedEmail = typeof body.email === 'string' ? body.email : undefined;
          if (sub === '/sign-up/email') refuseCommonPassword(body.password, 'password');
          if (sub === '/reset-password' || sub === '/change-password')
            refuseCommonPassword(body.newPassword, 'newPassword');
          // better-auth limits resends per client address; this limits them per mailbox too.
          if (sub === '/send-verification-email')
            await enforce(
              db,
              RESEND_CONFIRMATION,
              String(body.email).toLowerCase(),
              MSG_CHECK_INBOX.resendLimited,
            );
          if (sub === '/sign-in/email') {
            signInEmail = String(body.email);
            // Before better-auth runs: a throttled account or address costs no password hash.
            signIn = await refuseThrottledSignIn(
              db,
              signInEmail,
              c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
            );
          }
          if (sub === '/sign-out' || sub === '/change-password' || ENDS_SESSIONS.has(sub)) {
            const userId = await sessionUserId(auth, request.headers);
            concerned = userId ? [userId] : [];
          }
          if (CHECKS_CODE.has(sub)) {
            const ip = c.req.header(CLIENT_IP_HEADER) ?? 'unknown';
            const userId =
              (await sessionUserId(auth, request.headers)) ??
              (await pendingTwoFactorUser(db, c.req.header('cookie')));
            if (userId) {
              await refuseThrottledCode(db, userId, ip);
              codeCheck = { userId, ip };
            }
            if (sub === '/two-factor/disable') {
              if (!userId) throw new AppError('UNAUTHENTICATED');
              // Turning it off needs a code from the app as well as the password.
              const ok = await auth.api
                .verifyTOTP({ headers: request.headers, body: { code: String(body.code) } })
                .then(() => true)
                .catch(() => false);
              if (!ok) {
                await countWrongCode(db, userId, ip);
                throw new AppError('VALIDATION', SECURITY_MSG.wrongCode, { code: SECURITY_MSG.wrongCode });
              }
            }
          }
          if (rule.rewrite) body = rule.rewrite(body);
          const headers = new Headers(request.headers);
          headers.set('content-type', 'application/json');
          headers.delete('content-length');
          request = new Request(request.url, { method: 'POST', headers, body: JSON.stringify(body) });
        } else if (!GET_ALLOWED.some((re) => re.test(sub))) {
          throw new AppError('NOT_FOUND');
        } else if (sub === '/verify-email') {
          // Login CSRF: the confirmation link signs in only a page the person opened (not a picture
          // or a fetch, which say so in Sec-Fetch-Dest), never over a session the browser has, and
          // only in the browser that signed up for that address (confirm-browser.ts).
          const dest = c.req.header('sec-fetch-dest');
          call.noNewSession =
            (dest !== undefined && dest !== 'document') ||
            (await sessionUserId(auth, request.headers)) !== null;
          notSigningUpBrowser = !(await isSigningUpBrowser(
            auth,
            c.req.query('token'),
            c.req.header('cookie'),
          ));
          if (notSigningUpBrowser) call.noNewSession = true;
        }

        const res = await runAuthCall(call, () => auth.handler(request));
        const succeeded = res.status >= 200 && res.status < 300;

        if (signIn && res.status === 401) await countFailedSignIn(db, signIn);
        if (codeCheck && sub !== '/two-factor/disable' && (await isWrongCode(res)))
          await countWrongCode(db, codeCheck.userId, codeCheck.ip);
        if (c.req.method === 'POST' && ENDS_SESSIONS.has(sub) && succeeded) {
          if (sub === '/reset-password') concerned = call.passwordResetFor ? [call.passwordResetFor] : null;
          if (concerned) deps.sessions.revoke(concerned);
          else deps.sessions.revokeAll();
        }
        // The address is confirmed; the browser keeps the session it had (or stays signed out).
        if (call.sessionRefused) {
          const signedIn = (await sessionUserId(auth, request.headers)) !== null;
          return c.redirect(
            notSigningUpBrowser && !signedIn ? CONFIRMED_SIGN_IN : CONFIRMED_KEPT_SESSION,
            302,
          );
        }
        // The browser that signs up, or asks for a new link, is the one the link may sign in.
        const pendingFor =
          (sub === '/sign-up/email' || sub === '/send-verification-email') && succeeded
            ? parsedEmail
            : signInEmail && res.status === 403
              ? signInEmail
              : undefined;
        if (pendingFor) {
          const out =
            res.status >= 400 ? await rewriteError(res, c.get('log'), signInEmail) : await withoutToken(res);
          const headers = new Headers(out.headers);
          headers.append(
            'set-cookie',
            await pendingCookie(auth, pendingFor, new URL(c.req.url).protocol === 'https:'),
          );
          return new Response(out.body, { status: out.status, headers });
        }
        if (res.status >= 400) return rewriteError(res, c.get('log'), signInEmail);
        if (sub === '/two-factor/enable') return withSetup(res);
        // Signed in with a passkey: the session travels in its httpOnly cookie, never in the body.
        if (sub === '/passkey/verify-authentication') {
          const headers = new Headers(res.headers);
          headers.delete('content-length');
          return new Response(JSON.stringify({ signedIn: true }), { status: 200, headers });
        }
        return withoutToken(res);
      })

      /**
       * The check-your-inbox screen's "Change the address": an account nobody confirmed yet moves to
       * the corrected address, proven by its password, and the link goes there. The old link stops
       * working (better-auth's token names the address it was sent to).
       */
      .post('/signup/correct-email', async (c) => {
        const input = parseOrThrow(ZCorrectEmail, await c.req.json().catch(() => ({})));
        const email = await correctUnconfirmedEmail(db, input);
        await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/?verified=1' } });
        c.header('set-cookie', await pendingCookie(auth, email, new URL(c.req.url).protocol === 'https:'), {
          append: true,
        });
        return c.json({ email });
      })

      /**
       * The sign-up form's check as a username is typed: the rule it breaks, or whether it is
       * taken. It reads usernames only (never addresses: a username cannot hold an '@'), and is
       * limited per client address, so it cannot list who has an account by their email, nor be
       * used to walk every username quickly.
       */
      .get('/signup/username', async (c) => {
        deps.meter.enforce(
          USERNAME_CHECK,
          c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
          MSG.usernameCheckLimited,
        );
        const { username } = parseOrThrow(ZUsernameCheck, { username: c.req.query('username') ?? '' });
        const valid = ZUsername.safeParse(username);
        if (!valid.success)
          return c.json({
            available: false,
            message: valid.error.issues[0]?.message ?? MSG.usernameInvalid,
          } satisfies UsernameCheck);
        const taken = await isUsernameTaken(db, valid.data);
        return c.json({
          available: !taken,
          message: taken ? MSG.usernameTaken : MSG.usernameAvailable,
        } satisfies UsernameCheck);
      })

      /** Who is signed in: the session's user and their profile, or null for a visitor. */
      .get('/me', async (c) => {
        const viewer = c.get('viewer');
        if (!viewer) return c.json({ viewer: null } satisfies MeResponse);
        const profile = await getOwnProfile(db, viewer);
        return c.json({
          viewer: {
            id: viewer.id,
            email: viewer.email,
            emailVerified: viewer.emailVerified,
            twoFactorEnabled: Boolean(viewer.twoFactorEnabled),
            profile,
          },
        } satisfies MeResponse);
      })
  );
}
