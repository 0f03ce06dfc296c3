import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, username } from 'better-auth/plugins';
import { LIMITS } from '@common/core/limits';
import type { Db } from '../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth';
import type { Logger } from '../lib/logger';
import type { Mail, Mailer } from './email';
import { hashPassword, verifyPassword } from './password';

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
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await sendQuietly('reset', deps.mails.resetPassword(user.email, user.name, url));
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
    databaseHooks: {
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
            void sendQuietly('welcome', deps.mails.welcome(u.email, u.name.split(' ')[0] || u.name));
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

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
