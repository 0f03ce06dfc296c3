import { randomUUID } from 'node:crypto';
import type { NotificationType } from '@common/notifications/model';
import { IMAGE_PRESETS, type ImagePreset } from '@common/core/uploads';
import sharp from 'sharp';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import type { Bus } from './bus';
import type { Storage } from './storage';

/*
 * The demo community (npm run demo). Each area adds its part through its module's demo(ctx), in
 * the order of server/areas/index.ts; runDemo walks them. Everything random comes from one seeded
 * generator, so the same seed gives the same community (names, links, texts, even row ids); only
 * the times move with `now` and the stored images get fresh file names.
 */

/** A member of the demo community, as the profiles part made them. */
export type DemoPerson = {
  id: string;
  username: string;
  fullName: string;
  firstName: string;
  email: string;
  kind: 'founder' | 'investor' | 'professional';
  title: string;
  company: string;
  location: string;
  bio: string;
  avatarUrl: string | null;
  joinedAt: Date;
};

/** Two people who became friends: `a` asked at `requestedAt`, `b` accepted at `since`. */
export type DemoFriendship = { a: DemoPerson; b: DemoPerson; requestedAt: Date; since: Date };

/**
 * A notification one area's part asks for, in the words its service would use. The notifications
 * part writes them all at the end, in time order, folded as the service folds them.
 */
export type DemoNotice = {
  userId: string;
  actorId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  relatedId: string | null;
  data: Record<string, unknown>;
  groupKey: string | null;
  at: Date;
  /** When the person read it; null: still unread. */
  readAt: Date | null;
};

/** What an area's demo() gets to add its part of the demo community (npm run demo). */
export type DemoContext = {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** For the services that announce what they write (nobody listens while the demo is made). */
  bus: Bus;
  seed: number;
  /** The moment the community is made "now": every time in it is before this. */
  now: Date;
  /** The one password of every demo account. */
  password: string;

  /** A number in [0, 1) from the seeded generator. */
  random(): number;
  /** An integer from a to b, both included. */
  between(a: number, b: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** n different items of the list, in random order (fewer when the list is shorter). */
  sample<T>(list: readonly T[], n: number): T[];
  /** A version-4 UUID from the seeded generator. */
  uuid(): string;
  /** A moment between two others (from the generator). */
  timeBetween(from: Date, to: Date): Date;
  daysAgo(days: number): Date;
  /** The later of the moments. */
  latest(...moments: Date[]): Date;

  /** Everyone, in the order they were made (filled by the profiles part). */
  people: DemoPerson[];
  /** The two accounts `npm run demo` prints to sign in with (filled by the profiles part). */
  featured: DemoPerson[];
  /** Friendships (filled by the connections part). */
  friendships: DemoFriendship[];
  /** Notifications asked for so far. */
  notices: DemoNotice[];
  notify(notice: DemoNotice): void;
  /**
   * Work that must happen in time order across areas, run once every area's part is done, oldest
   * first (rows ordered by their id, like feed items).
   */
  schedule(at: Date, work: () => Promise<void>): void;
  /** Work run last, after the scheduled work (the notifications part writes the notices). */
  afterwards(work: () => Promise<void>): void;
  /**
   * A drawn picture (SVG, `width` pixels wide, already in the preset's shape) stored as an upload
   * of `ownerId`'s would be: a WebP copy for each of the preset's sizes, under the same keys
   * (images/<preset>/<owner>/<id>/<size>.webp). Returns the main copy's address. Drawn at each
   * size instead of re-encoded from one big copy: the demo makes a few hundred of them.
   */
  storeImage(svg: string, width: number, preset: ImagePreset, ownerId: string): Promise<string>;
  /** What was made, for the summary (`count('articles', 40)`). */
  counts: Record<string, number>;
  count(what: string, n: number): void;
};

export const DEMO_SEED = 20_240_601;
export const DEMO_PASSWORD = 'cofound-demo';

/** sfc32, seeded through splitmix32: small, fast and good enough for made-up data. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4_294_967_296;
  };
}

const DAY = 86_400_000;

type Step = { at: number; order: number; work: () => Promise<void> };
/** Each context's scheduled and final work, for runDemo. */
const queues = new WeakMap<DemoContext, { scheduled: Step[]; last: (() => Promise<void>)[] }>();

export function createDemoContext(opts: {
  db: Db;
  storage: Storage;
  logger: Logger;
  bus: Bus;
  seed?: number;
  now?: Date;
}): DemoContext {
  const random = generator(opts.seed ?? DEMO_SEED);
  const now = opts.now ?? new Date();
  const scheduled: Step[] = [];
  const last: (() => Promise<void>)[] = [];
  const between = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
  const ctx: DemoContext = {
    db: opts.db,
    storage: opts.storage,
    logger: opts.logger,
    bus: opts.bus,
    seed: opts.seed ?? DEMO_SEED,
    now,
    password: DEMO_PASSWORD,
    random,
    between,
    chance: (p) => random() < p,
    pick: (list) => list[Math.floor(random() * list.length)]!,
    sample(list, n) {
      const copy = [...list];
      const count = Math.min(n, copy.length);
      for (let i = 0; i < count; i++) {
        const j = i + Math.floor(random() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
      hex[12] = '4';
      hex[16] = (8 + Math.floor(random() * 4)).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    timeBetween(from, to) {
      const a = from.getTime();
      const b = Math.max(a, to.getTime());
      return new Date(a + Math.floor(random() * (b - a)));
    },
    daysAgo: (days) => new Date(now.getTime() - days * DAY),
    latest: (...moments) => new Date(Math.max(...moments.map((m) => m.getTime()))),
    people: [],
    featured: [],
    friendships: [],
    notices: [],
    notify(notice) {
      ctx.notices.push(notice);
    },
    schedule(at, work) {
      scheduled.push({ at: at.getTime(), order: scheduled.length, work });
    },
    afterwards(work) {
      last.push(work);
    },
    async storeImage(svg, width, preset, ownerId) {
      const prefix = `images/${preset}/${ownerId}/${randomUUID()}/`;
      const { sizes, main } = IMAGE_PRESETS[preset];
      await Promise.all(
        sizes.map(async (size) => {
          const density = (72 * Math.min(size, width)) / width;
          const bytes = await sharp(Buffer.from(svg), { density })
            .webp({ quality: 82, effort: 0 })
            .toBuffer();
          await opts.storage.put(`${prefix}${size}.webp`, bytes, 'image/webp');
        }),
      );
      return opts.storage.url(`${prefix}${main}.webp`);
    },
    counts: {},
    count(what, n) {
      ctx.counts[what] = (ctx.counts[what] ?? 0) + n;
    },
  };
  queues.set(ctx, { scheduled, last });
  return ctx;
}

/** The part of an area module runDemo needs. */
type DemoPart = { name: string; demo?: (ctx: DemoContext) => Promise<void> };

/**
 * Makes the demo community: every area's part in the list's order, then the scheduled work oldest
 * first, then the work asked for last. Returns what was made, by kind.
 */
export async function runDemo(ctx: DemoContext, areas: readonly DemoPart[]): Promise<Record<string, number>> {
  const queue = queues.get(ctx);
  if (!queue) throw new Error('runDemo needs a context made by createDemoContext');
  for (const area of areas) {
    if (!area.demo) continue;
    const started = performance.now();
    await area.demo(ctx);
    ctx.logger.debug({ area: area.name, ms: Math.round(performance.now() - started) }, 'demo part made');
  }
  const timeline = [...queue.scheduled].sort((x, y) => x.at - y.at || x.order - y.order);
  for (const step of timeline) await step.work();
  for (const work of queue.last) await work();
  return ctx.counts;
}
