import type { HonoBase } from 'hono/hono-base';
import type { Db } from '../db/client';
import type { NewAccount } from './auth';
import type { Tx } from '../db/rules';
import type { AppDeps, AppEnv } from '../lib/context';
import type { Logger } from '../lib/logger';
import type { ServerEvent } from '@common/core/realtime';
import type { Bus, Loader } from './bus';
import type { ContentTarget } from './content-targets';
import type { AreaExporter } from './data-export';
import type { DemoContext } from './demo';
import type { DigestSection } from './digest-sections';
import type { FeedKind } from './feed-kinds';
import type { NotificationType } from '@common/notifications/model';
import type { ApiDocs } from './openapi';
import type { InquiryKind, MessagePolicy } from './policies';
import type { ModerationQueue } from './moderation-queues';
import type { EventView, TopicAuthorizer, TypingPolicy } from './realtime';
import type { ReportTarget } from './report-targets';
import type { SearchProvider } from './search-providers';
import type { Storage } from './storage';
import type { SuggestionSource } from './suggestion-sources';

/*
 * The area contract (docs/decisions/012). An area is its own folders (server/areas/<area>,
 * web/areas/<area>, common/<area>, e2e/<area>, its schema file and migration) and one object,
 * exported by server/areas/<area>/index.ts and listed once in server/areas/index.ts. app.ts mounts
 * every area's routes and boot.ts calls every area's register(ctx), in that list's order. Nothing
 * is registered when a module is imported.
 */

/** What an area may plug into, handed to its register() once per boot. */
export type AreaContext = {
  db: Db;
  bus: Bus;
  logger: Logger;
  storage: Storage;
  /** Who may follow `<prefix>:<id>` on the realtime socket. */
  registerTopic(prefix: string, authorize: TopicAuthorizer): void;
  /**
   * How one kind of live event reads to each of its recipients (an item only those who may see it
   * get): one call per event and process; the event as published goes to anyone the view leaves out.
   */
  registerEventView(type: ServerEvent['type'], view: EventView): void;
  /** Reads an event published by reference (too large for a NOTIFY payload) back by its id. */
  registerEventLoader(name: string, loader: Loader): void;
  /** A kind of content that takes reactions and comments. */
  registerContentTarget(target: ContentTarget): void;
  /** A kind of thing members may report: how to find it, its words, and how to remove it. */
  registerReportTarget(target: ReportTarget): void;
  /** A queue waiting for an admin (the dashboard counts what is pending in each). */
  registerModerationQueue(queue: ModerationQueue): void;
  /** A result type in the one search. */
  registerSearchProvider(provider: SearchProvider): void;
  /** A kind of feed item: its filter tab, badge and what a visitor is asked to sign in for. */
  registerFeedKind(kind: FeedKind): void;
  /** A part of the digest mail to members who have been away (unread counts, popular posts, events). */
  registerDigestSection(section: DigestSection): void;
  /** A kind of notification the area sends (declared in its common model; its icon in its web module). */
  registerNotificationType(type: NotificationType): void;
  /** A kind of thing a message may be about (an inquiry): who owns it, its title, link and notice. */
  registerInquiryKind(kind: InquiryKind): void;
  /** People a member may know through this area (People you may know), with the reason shown. */
  registerSuggestionSource(source: SuggestionSource): void;
  /** Who may message whom. Until an area sets it, nobody may. */
  setMessagePolicy(policy: MessagePolicy): void;
  /** Who may send a typing signal to whom. Until an area sets it, nobody may. */
  setTypingPolicy(policy: TypingPolicy): void;
  /** Runs once a new account confirms its address. Failures are the hook's own to log. */
  onEmailVerified(hook: (userId: string) => Promise<void>): void;
  /** Runs when an account is created, inside sign-up: a failure fails the sign-up. */
  onUserCreated(hook: (user: NewAccount) => Promise<void>): void;
};

/** What an area's start() receives: once per boot, after every area registered, before serving. */
export type AreaStartContext = {
  db: Db;
  logger: Logger;
  /** ADMIN_EMAILS: the addresses whose accounts are super admins. */
  adminEmails: readonly string[];
};

/** What an area does when a person deletes their account, inside that one transaction. */
export type AccountDeletion = {
  /** Stored files (their URLs) to delete once the transaction has committed. */
  files?: string[];
  /** Work to do once committed (live events to the people concerned). */
  afterCommit?: () => void | Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each area's own route schema
export type AreaRoutes = HonoBase<AppEnv, any, '/', string>;

/**
 * An API read a page of the web app makes as it first renders for a signed-in member. The server
 * names it in that page's HTML (`<link rel="preload" as="fetch">`, lib/static.ts), so the browser
 * asks for it alongside the app's code instead of after it; the app's own request then takes the
 * answer. `api` must be byte for byte the address the web app requests (its query string in the
 * same order), or the browser asks twice. `:name` in `api` is filled with that part of the page's
 * path (letters, digits, '-' and '_' only; any other path gets no hint).
 */
export type PageRead = {
  /** The page's path: '/articles/:articleId'; '*' for every page of the app. */
  page: string;
  /** The API address: '/api/articles/:articleId'. */
  api: string;
};

export type AreaModule = {
  /** The folder name: server/areas/<name>, web/areas/<name>, common/<name>. */
  name: string;
  /** Its API under /api. Keep the chain (docs/decisions/005) so the web client stays typed. */
  routes?: (deps: AppDeps) => AreaRoutes;
  /**
   * One description per route (`METHOD /path`: summary, response schema, who may call): the
   * OpenAPI document and the test-mode response check read it (docs/decisions/024). Required with routes.
   */
  api?: ApiDocs;
  /** The API reads its pages make first, named in their HTML for the browser to start at once. */
  pageReads?: readonly PageRead[];
  register?: (ctx: AreaContext) => void;
  /** Work to do once per boot before the app serves (the database is migrated), in list order. */
  start?: (ctx: AreaStartContext) => Promise<void>;
  /**
   * Removes or anonymises what the person owns in this area, in the account-deletion transaction
   * (settings area). Areas run in the list's order.
   */
  onAccountDeleted?: (tx: Tx, userId: string, deps: { bus: Bus }) => Promise<AccountDeletion | void>;
  /**
   * The member's own data in this area for Download your data (platform/data-export.ts): each key
   * becomes `<area>/<key>.json` in the ZIP, and the stored files it names that the member uploaded
   * are added as they are. Only their own rows: other people's data is theirs to export.
   */
  exportData?: AreaExporter;
  /** Adds the area's part to the demo community (npm run demo), in the list's order. */
  demo?: (ctx: DemoContext) => Promise<void>;
};

/** Checks an area object against the contract while keeping its own types (its routes' schema). */
export const defineArea = <const M extends AreaModule>(module: M): M => module;
