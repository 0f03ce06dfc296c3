import type { TokenScope } from '@common/auth/security';
import type { Auth, AuthSession, ViewerCard } from '../platform/auth';
import type { Bus } from '../platform/bus';
import type { SessionCache } from '../platform/session-cache';
import type { Storage } from '../platform/storage';
import type { LinkPreviews } from '../platform/link-preview';
import type { PushEndpointPolicy } from '../platform/web-push';
import type { Db } from '../db/client';
import type { Tx } from '../db/rules';
import type { AccountDeletion } from '../platform/area';
import type { ApiLimits } from '../platform/api-limits';
import type { DataExports } from '../platform/data-export';
import type { Meter } from '../platform/rate-limit';
import type { LinkSigner } from '../platform/signed-links';
import type { Logger } from './logger';

/** The signed-in person: their account, and their profile's display fields when the session lookup read them. */
export type Viewer = AuthSession['user'] & { card?: ViewerCard };

/** What every handler can read from the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    viewer: Viewer | null;
    /** Set when the request is authenticated by a personal access token (platform/access-tokens.ts). */
    tokenScope?: TokenScope;
  };
};

export type AppDeps = {
  db: Db;
  auth: Auth;
  logger: Logger;
  ping(): Promise<boolean>;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** The origins the web app is served from (BASE_URL, DEV_ORIGINS): the only ones that may write. */
  allowedOrigins: string[];
  /** Per-person budgets shared by every instance (platform/rate-limit.ts). */
  meter: Meter;
  /** Per-person write and upload limits; default API_LIMITS (platform/api-limits.ts). */
  apiLimits?: ApiLimits;
  /** Realtime events: publish after commit. */
  bus: Bus;
  /** Signed-in people by session cookie, for a few seconds. */
  sessions: SessionCache<Viewer>;
  /** Uploaded files (local disk or S3), served under /files. */
  storage: Storage;
  /** Which of these people have a realtime connection open (presence). */
  onlineAmong(ids: string[]): Promise<Set<string>>;
  /** Web Push: the VAPID public key browsers subscribe with, and which endpoints are accepted. */
  webPush: { publicKey: string; policy: PushEndpointPolicy };
  /** Serve GET /api/bench/floor (benchmarks only). */
  benchFloor?: boolean;
  /**
   * End-to-end tests only (TEST_HOOKS=1): background jobs by name, each running one round as of
   * the time given and answering its counts (server/test-hooks.routes.ts).
   */
  testJobs?: Record<string, (at: Date) => Promise<Record<string, number>>>;
  /** Every area's part of deleting an account, in the area list's order, inside its transaction. */
  onAccountDeleted(tx: Tx, userId: string): Promise<AccountDeletion[]>;
  /** Super admins must have two-step sign-in on to use the admin area (REQUIRE_ADMIN_TWO_FACTOR). */
  requireAdminTwoFactor?: boolean;
  /** Link previews: the stored cards, and the guarded fetcher behind the composer's ask. */
  linkPreviews: LinkPreviews;
  /** Download your data: the members' exports, built in the background. */
  dataExports: DataExports;
  /** Tokens for links that act without a sign-in (a mail's unsubscribe link). */
  links: LinkSigner;
  /** Check every JSON answer against its route's OpenAPI description (tests). */
  checkResponses?: boolean;
  /** dist/web; when absent (API tests without a build) only the API is served. */
  webDir?: string;
};
