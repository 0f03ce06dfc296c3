import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, username } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import { LIMITS } from '@common/core/limits';
import type { Db } from '../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth';
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
  /** Makes the person's profile when their account is created (the profiles area). */
  onUserCreated(user: {
    id: string;
    username: string;
    email: string;
    fullName: string;
    isSuperAdmin: boolean;
  }): Promise<void>;
};

const MINUTE = 60;

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
      expiresIn: 30 * 24 * 60 * MINUTE,
      // Any request after a day renews the session, so active people stay signed in.
      updateAge: 24 * 60 * MINUTE,
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
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
