import { ENGAGEMENT_CONTENT_TYPES } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTargets, getContentTarget } from '../platform/content-targets';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { feedKinds } from '../platform/feed-kinds';
import { notificationTypes } from '../platform/notification-types';
import { moderationQueues } from '../platform/moderation-queues';
import { reportTargets } from '../platform/report-targets';
import { canMessage, getInquiryKind } from '../platform/policies';
import {
  SEARCH_COLUMNS,
  SEARCH_LEVELS,
  searchProviders,
  searchTerms,
  searchTierCount,
  searchTierRows,
} from '../platform/search-providers';
import { declaredKeys } from '../test/area-declarations';
import { createTestApp, type TestApp } from '../test/harness';
import { areas } from './index';

/*
 * The area contract (docs/decisions/012): registration happens at boot only, and what the areas declare
 * matches what the database allows.
 */

let t: TestApp | undefined;
afterAll(() => t?.close());

/** The quoted values of a check constraint (`x in ('a', 'b')`, or PostgreSQL's `= ANY (ARRAY[...])`). */
async function checkValues(app: TestApp, name: string): Promise<string[]> {
  const { rows } = await app.db.execute<{ def: string }>(
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
  );
  expect(rows, `constraint ${name}`).toHaveLength(1);
  return [...rows[0]!.def.matchAll(/'([^']+)'/g)].map((m) => m[1]!).sort();
}

describe('the area contract', () => {
  it('registers nothing when the areas are imported, and refuses what no area allowed', async () => {
    // Imported (above), not booted: every registry is empty and every policy refuses.
    expect(areas.length).toBeGreaterThan(5);
    expect(feedKinds()).toEqual([]);
    expect(notificationTypes()).toEqual([]);
    expect(searchProviders()).toEqual([]);
    expect(contentTargets()).toEqual([]);
    expect(reportTargets()).toEqual([]);
    expect(moderationQueues()).toEqual([]);
    expect(getContentTarget('article')).toBeUndefined();
    expect(getInquiryKind('business_idea')).toBeUndefined();
    // Any two ids: with no policy set, nobody may message anybody.
    expect(await canMessage({} as never, 'a', 'b')).toBe(false);
  });

  it('lists each area once, with a unique name, and walks them at boot', async () => {
    const names = areas.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    t = await createTestApp({ smtp: false });
    expect(searchProviders().map((p) => p.type)).toEqual(expect.arrayContaining(['user', 'article']));
    expect(getContentTarget('article')).toBeDefined();
  });

  it('declares only the content types the database allows, and the database allows only declared ones', async () => {
    const app = t!;
    const registered = contentTargets().map((c) => c.contentType);
    for (const constraint of ['reactions_content_type', 'comments_content_type']) {
      const allowed = await checkValues(app, constraint);
      // The shared list names every content type, those of areas still to come included.
      expect(allowed).toEqual([...ENGAGEMENT_CONTENT_TYPES].sort());
      for (const type of registered) expect(allowed).toContain(type);
    }
  });

  it('has a registered owner for every feed kind and tab the areas declare, and registers only declared ones', () => {
    const declared = declaredKeys('AreaFeedKinds');
    const registered = feedKinds();
    const kinds = registered.map((k) => k.kind);
    // Each kind registered once, by some area; every declared kind has one, and nothing else is.
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...kinds].sort()).toEqual([...declared.keys()].sort());
    for (const kind of registered) expect(kind.label, kind.kind).toMatch(/\S/);
    // The tabs: exactly the declared categories, each showing some registered kind.
    const tabs = [...new Set(registered.flatMap((k) => (k.category ? [k.category] : [])))];
    expect(tabs.sort()).toEqual([...declaredKeys('AreaFeedCategories').keys()].sort());
  });

  it('has a registered owner for every notification type the areas declare, and registers only declared ones', () => {
    const declared = [...declaredKeys('AreaNotificationTypes').keys()].sort();
    expect(declared.length).toBeGreaterThan(5);
    expect([...notificationTypes()].sort()).toEqual(declared);
  });

  it('has a publisher for every live event the areas declare', () => {
    // An event type is published by the server, so some server file names it as a literal.
    const server = path.resolve(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(path.join(dir, e.name))
          : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
            ? [path.join(dir, e.name)]
            : [],
      );
    const code = files(server)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const events = declaredKeys('AreaEvents');
    expect(events.size).toBeGreaterThan(10);
    for (const [type, file] of events) expect(code, `${type} (${file})`).toContain(`'${type}'`);
  });

  it('has an owner for every report type the database allows, and registers only allowed ones', async () => {
    const allowed = await checkValues(t!, 'reports_target_type');
    const registered = reportTargets().map((r) => r.type);
    // Each type once, each with its own label; every allowed type has an area that finds it.
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual(allowed);
    for (const target of reportTargets()) expect(target.label, target.type).toMatch(/\S/);
  });

  it("runs every search provider's tiers on the database, each returning only its own type and the union's columns", async () => {
    const app = t!;
    // Names and titles that meet every level for 'ann': exact, prefix, a later word, inside a word, near.
    await app.db.execute(sql`with u as (
        insert into users (name, email, username)
        select n, 'contract' || g || '@example.com', (array['ann', 'annika_x', 'z_ann', 'hannah_q', 'anja_r'])[g]
        from unnest(array['Ann Lee', 'Annika Berg', 'Joe Ann Annabel', 'Hannah Joann', 'Anja Nowak']) with ordinality as x(n, g)
        returning id, username, email, name)
      insert into profiles (id, username, email, full_name) select id, username, email, name from u`);
    await app.db
      .execute(sql`insert into articles (author_id, title, content, excerpt, preview, category, status, published_at)
      select p.id, x.t, 'Body about ann and more', 'x', 'x', 'tech', 'published', now()
      from (select id from profiles order by created_at limit 1) p,
        unnest(array['ann', 'Annual report', 'Meet Ann today', 'Joanna writes', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into groups (name, description)
      select x.t, 'A group of people' from unnest(array['ann', 'Annual meetup', 'Meet Ann here', 'Joanna circle', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into business_ideas (user_id, title, description, funding_goal, industry)
      select p.id, x.t, 'An idea about ann and more', 5000, 'tech'
      from (select id from profiles order by created_at limit 1) p,
        unnest(array['ann', 'Annual report', 'Meet Ann today', 'Joanna writes', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into events (creator_id, title, starts_at, location)
      select p.id, x.t, now() + interval '1 day', 'x'
      from (select id from profiles order by created_at limit 1) p,
        unnest(array['ann', 'Annual report', 'Meet Ann today', 'Joanna writes', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into business_pages (owner_id, name, description, category)
      select p.id, x.t, 'About ann', 'Other'
      from (select id from profiles order by created_at limit 1) p,
        unnest(array['ann', 'Annual report', 'Meet Ann today', 'Joanna writes', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into forum_groups (name)
      select x.t from unnest(array['ann', 'Annual meetup', 'Meet Ann here', 'Joanna circle', 'Anne near']) as x(t)`);
    await app.db.execute(sql`insert into forum_posts (group_id, author_id, title, content, category)
      select (select id from forum_groups limit 1), p.id, x.t, 'A post about ann', 'general'
      from (select id from profiles order by created_at limit 1) p,
        unnest(array['ann', 'Annual report', 'Meet Ann today', 'Joanna writes', 'Anne near']) as x(t)`);
    const SEEDED = new Set([
      'user',
      'article',
      'group',
      'business_idea',
      'event',
      'business_page',
      'forum_group',
      'forum_post',
    ]);
    expect(searchProviders().map((p) => p.type)).toEqual(expect.arrayContaining([...SEEDED]));
    for (const provider of searchProviders()) {
      for (const text of ['an', 'ann', 'annn']) {
        const tiers = provider.tiers({
          viewerId: '00000000-0000-4000-8000-000000000000',
          terms: searchTerms(text),
        });
        const levels = tiers.map((tier) => SEARCH_LEVELS.indexOf(tier.level));
        // Best level first, at most one tier per level.
        expect(levels).toEqual([...new Set(levels)].sort((a, b) => a - b));
        const seen: string[] = [];
        for (const tier of tiers) {
          const { rows, fields } = (await app.db.execute(searchTierRows(tier, 1001))) as unknown as {
            rows: { type: string; id: string }[];
            fields?: { name: string }[];
          };
          for (const row of rows) expect(row.type).toBe(provider.type);
          expect((fields ?? []).map((f) => f.name)).toEqual([...SEARCH_COLUMNS]);
          // The count counts what the rows are, from countFrom when the tier has a cheaper one.
          const counted = await app.db.execute<{ n: number }>(searchTierCount(tier, 1001));
          expect(Number(counted.rows[0]!.n), `${provider.type} ${tier.level} '${text}'`).toBe(rows.length);
          seen.push(...rows.map((r) => r.id));
        }
        // Tiers are disjoint: nothing shows twice.
        expect(new Set(seen).size, `${provider.type} '${text}'`).toBe(seen.length);
        // The rows above meet every level for the providers of these types; a newer area's
        // provider (npm run new-area) proves its own matches in its own test.
        if (text === 'ann' && SEEDED.has(provider.type))
          expect(seen.length, provider.type).toBeGreaterThan(3);
      }
    }
  });
});
