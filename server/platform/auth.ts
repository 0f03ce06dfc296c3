import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { passkey } from '@better-auth/passkey';
import { admin, twoFactor, username } from 'better-auth/plugins';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { LIMITS } from '@common/core/limits';
import type { Db } from '../db/client';
import {
  accounts,
  passkeys,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import type { Logger } from '../lib/logger';
import type { Mail, Mailer } from './email';
import { HashQueueFull, hashPassword, needsRehash, verifyPassword } from './password';

/** The header our own middleware sets from the socket (or the trusted proxy) before better-auth reads it. */
export const CLIENT_IP_HEADER = 'x-cofound-client-ip';

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  secret: string;
  adminEmails: string[];
  trustedOrigins: string[];
  /** After a person confirms their address (never throws). */
  onEmailVerified?: (userId: string) => Promise<void>;
  /** The account mails' wording (the auth area's). */
  mails: {
    verifyEmail(to: string, name: string, url: string): Mail;
    resetPassword(to: string, name: string, url: string): Mail;
    welcome(to: string, firstName: string): Mail;
  };
  /** When an account is created (the profiles area makes its profile). */
  onUserCreated(user: NewAccount): Promise<void>;
};

/** A just-created account, as the areas' account-created hooks receive it. */
export type NewAccount = {
  id: string;
  username: string;
  email: string;
  fullName: string;
  isSuperAdmin: boolean;
};

const MINUTE = 60;
/** How long a session lasts, and after how long a request renews it (better-auth's settings). */
const SESSION_EXPIRES_IN = 30 * 24 * 60 * MINUTE;
const SESSION_UPDATE_AGE = 24 * 60 * MINUTE;

/**
 * What the auth area's routes tell better-auth about one call, and what they learn back from it
 * (auth.routes.ts runs the call inside `runAuthCall`).
 */
export type AuthCall = {
  /**
   * Confirming an address must not sign this browser in: it already has a session (any account's),
   * or the request is not a page the person opened (an <img> in an article). No session is made.
   */
  noNewSession?: boolean;
  /** Set when a session was refused because of `noNewSession`. */
  sessionRefused?: boolean;
  /** Set by a successful password reset: whose sessions it ended. */
  passwordResetFor?: string;
};
const authCall = new AsyncLocalStorage<AuthCall>();

/** Runs one better-auth call with what the routes know about it; `call` tells what happened. */
export function runAuthCall<T>(call: AuthCall, run: () => Promise<T>): Promise<T> {
  return authCall.run(call, run);
}

/** A full hash queue answers 429 inside better-auth too (its own error type, or it would be a 500). */
async function busyAs429<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HashQueueFull)
      throw new APIError('TOO_MANY_REQUESTS', { code: 'HASH_QUEUE_FULL', message: err.message });
    throw err;
  }
}

export function createAuth(deps: AuthDeps) {
  const { db, mailer, logger } = deps;
  // Mail failures are logged and never fail the request that caused them.
  const sendQuietly = (what: string, mail: Parameters<Mailer['send']>[0]) =>
    mailer.send(mail).catch((err: unknown) => logger.error({ err, to: mail.to }, `${what} mail failed`));

  return betterAuth({
    appName: 'Cofound',
    baseURL: deps.baseUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: 60 * MINUTE,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => busyAs429(() => hashPassword(password)),
        verify: (input) => busyAs429(() => verifyPassword(input)),
      },
      sendResetPassword: async ({ user, url }) => {
        await sendQuietly('reset', deps.mails.resetPassword(user.email, user.name, url));
      },
      onPasswordReset: async ({ user }) => {
        const call = authCall.getStore();
        if (call) call.passwordResetFor = user.id;
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * MINUTE,
      sendVerificationEmail: async ({ user, url }) => {
        await sendQuietly('verification', deps.mails.verifyEmail(user.email, user.name, url));
      },
      afterEmailVerification: async (user) => {
        await deps.onEmailVerified?.(user.id);
        // The welcome waits for the confirmation: a mistyped address gets no welcome (issue 21).
        void sendQuietly('welcome', deps.mails.welcome(user.email, user.name.split(' ')[0] || user.name));
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      // Any request after a day renews the session, so active people stay signed in.
      updateAge: SESSION_UPDATE_AGE,
    },
    rateLimit: {
      // better-auth turns this off outside production and keeps it in memory by default; we want it
      // everywhere, shared by every instance and kept across restarts.
      enabled: true,
      storage: 'database',
      window: 10,
      max: 100,
      customRules: {
        '/sign-in/email': { window: MINUTE, max: 10 },
        '/sign-up/email': { window: 10 * MINUTE, max: 10 },
        '/request-password-reset': { window: 10 * MINUTE, max: 5 },
        '/reset-password': { window: 10 * MINUTE, max: 10 },
        '/send-verification-email': { window: 10 * MINUTE, max: 5 },
        // The second step of sign-in: the same pace as passwords per address (the auth area also
        // counts wrong codes per account, as it counts wrong passwords).
        '/two-factor/verify-totp': { window: MINUTE, max: 10 },
        '/two-factor/verify-backup-code': { window: MINUTE, max: 10 },
        '/two-factor/enable': { window: MINUTE, max: 10 },
        '/two-factor/disable': { window: MINUTE, max: 10 },
        '/passkey/verify-authentication': { window: MINUTE, max: 10 },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'cofound',
      // better-auth skips these checks when it detects a test run; we test them, so keep them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: deps.baseUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      username({
        minUsernameLength: LIMITS.usernameMin,
        maxUsernameLength: LIMITS.usernameMax,
      }),
      admin(),
      // Two-step sign-in with an authenticator app (TOTP) and ten single-use recovery codes.
      twoFactor({
        issuer: 'Cofound',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      // Passkeys: the relying party is the app's own configured address, never a request header.
      passkey({
        rpID: new URL(deps.baseUrl).hostname,
        rpName: 'Cofound',
        origin: new URL(deps.baseUrl).origin,
      }),
    ],
    hooks: {
      // A hash made with older (cheaper) parameters is made again while the password is at hand.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const userId = ctx.context.newSession?.user.id;
        const password = (ctx.body as { password?: unknown } | undefined)?.password;
        if (!userId || typeof password !== 'string') return;
        await rehashIfOutdated(db, userId, password).catch((err: unknown) =>
          logger.warn({ err, userId }, 'password rehash failed; kept the old hash'),
        );
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Confirming an address never replaces the session a browser has (login CSRF: an
          // article's picture pointing at someone's confirmation link). Returning false makes no row.
          before: async () => {
            const call = authCall.getStore();
            if (!call?.noNewSession) return;
            call.sessionRefused = true;
            return false;
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            const u = user as typeof user & { username?: string | null; displayUsername?: string | null };
            const email = u.email.toLowerCase();
            await deps.onUserCreated({
              id: u.id,
              username: u.displayUsername || u.username || email.split('@')[0]!,
              email,
              fullName: u.name,
              isSuperAdmin: deps.adminEmails.includes(email),
            });
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

/** Replaces the credential hash of `userId` when it was made with weaker parameters than today's. */
async function rehashIfOutdated(db: Db, userId: string, password: string) {
  const [account] = await db
    .select({ id: accounts.id, hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!account?.hash || !needsRehash(account.hash)) return;
  const fresh = await hashPassword(password);
  // Only if the hash is still the one just verified: a password changed meanwhile stays changed.
  await db
    .update(accounts)
    .set({ password: fresh, updatedAt: new Date() })
    .where(and(eq(accounts.id, account.id), eq(accounts.password, account.hash)));
}

export type Auth = ReturnType<typeof createAuth>;

/** What `readSession` answers: the person and when the session ends, `null` (a visitor), or `'ask'`. */
export type SessionRead =
  { user: AuthSession['user'] & { card?: ViewerCard }; expiresAt: number; token: string } | null | 'ask';

/**
 * The signed-in person's display fields as their profile has them, read with the session (the
 * session lookup below joins the profile): what a notification they cause shows of them, without a
 * query of its own. A profile write forgets the person's cached sessions everywhere
 * (SessionCache.refresh), so the next request reads the new ones. Absent when the session came
 * another way (better-auth's own lookup, an access token): callers then read the profile.
 */
export type ViewerCard = { username: string; fullName: string | null; avatarUrl: string | null };

/**
 * The session behind a request's cookies in one prepared statement (docs/decisions/010), for the case
 * that makes nearly every lookup: a valid signed cookie of a live session that needs no renewal,
 * where better-auth's getSession writes nothing and answers the session's user. It answers
 * `'ask'` whenever better-auth would write something or the cookies are unusual (an expired or
 * unknown session, whose cookie it deletes; a renewal due; its session-data cookie; a quoted or
 * repeated cookie), and the caller then asks better-auth. `null`: no session cookie, or a signature
 * that does not verify (better-auth answers null for both and writes nothing).
 */
export function createSessionReader(deps: { db: Db; secret: string; secureCookies: boolean }) {
  const prefix = deps.secureCookies ? '__Secure-' : '';
  const tokenName = `${prefix}cofound.session_token=`;
  const lookup = deps.db
    .select({
      user: getTableColumns(users),
      expiresAt: sessions.expiresAt,
      cardUsername: profiles.username,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('cofound_session_viewer');
  const key = Buffer.from(deps.secret);

  return async function readSession(cookieHeader: string | undefined): Promise<SessionRead> {
    if (!cookieHeader) return null;
    // better-auth cleans these up (a cookie cache we do not use, a don't-remember session).
    if (cookieHeader.includes('cofound.session_data') || cookieHeader.includes('cofound.dont_remember'))
      return 'ask';
    const at = cookieHeader.indexOf(tokenName);
    if (at === -1) return cookieHeader.includes('cofound.session_token') ? 'ask' : null;
    if (at > 0 && !/[;\s]/.test(cookieHeader[at - 1]!)) return 'ask';
    if (cookieHeader.indexOf(tokenName, at + 1) !== -1) return 'ask';
    const start = at + tokenName.length;
    const end = cookieHeader.indexOf(';', start);
    let value = cookieHeader.slice(start, end === -1 ? undefined : end).trim();
    if (value.startsWith('"')) return 'ask';
    try {
      value = decodeURIComponent(value);
    } catch {
      return 'ask';
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith('=')) return null;
    const expected = createHmac('sha256', key).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [row] = await lookup.execute({ token });
    if (!row) return 'ask';
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt <= now) return 'ask';
    if (expiresAt - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= now) return 'ask';
    const card =
      row.cardUsername === null
        ? undefined
        : { username: row.cardUsername, fullName: row.fullName, avatarUrl: row.avatarUrl };
    return { user: { ...(row.user as AuthSession['user']), card }, expiresAt, token };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
