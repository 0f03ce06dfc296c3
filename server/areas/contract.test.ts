import { FEED_FILTERS, FEED_ITEM_TYPES } from '@common/feed/model';
import { ENGAGEMENT_CONTENT_TYPES } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTargets, getContentTarget } from '../platform/content-targets';
import { feedKinds } from '../platform/feed-kinds';
import { canMessage, getInquiryTarget } from '../platform/policies';
import { searchProviders, searchTerms } from '../platform/search-providers';
import { createTestApp, type TestApp } from '../test/harness';
import { areas } from './index';

/*
 * The area contract (decision 012): registration happens at boot only, and what the areas declare
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
    expect(searchProviders()).toEqual([]);
    expect(contentTargets()).toEqual([]);
    expect(getContentTarget('article')).toBeUndefined();
    expect(getInquiryTarget('business_inquiry')).toBeUndefined();
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

  it('declares only feed kinds and tabs the database allows, and the database allows only declared ones', async () => {
    const allowed = await checkValues(t!, 'feed_items_type');
    // The shared list names every kind, those of areas still to come included.
    expect(allowed).toEqual([...FEED_ITEM_TYPES].sort());
    const registered = feedKinds();
    expect(registered.map((k) => k.kind)).toEqual(expect.arrayContaining(['new_user', 'article']));
    const tabs = await checkValues(t!, 'feed_items_category');
    expect(tabs).toEqual(FEED_FILTERS.filter((f) => f !== 'all').sort());
    for (const kind of registered) {
      expect(allowed).toContain(kind.kind);
      if (kind.category) expect(tabs).toContain(kind.category);
    }
  });

  it("runs every search provider's SQL on the database, returning only its own type and the union's columns", async () => {
    const app = t!;
    for (const provider of searchProviders()) {
      for (const fuzzy of [false, true]) {
        const { rows, fields } = (await app.db.execute(
          sql`select * from (${provider.query({ viewerId: '00000000-0000-4000-8000-000000000000', terms: searchTerms('an'), limit: 5, fuzzy })}) q`,
        )) as unknown as { rows: { type: string }[]; fields?: { name: string }[] };
        for (const row of rows) expect(row.type).toBe(provider.type);
        const columns = (fields ?? []).map((f) => f.name);
        expect(columns).toEqual([
          'type',
          'id',
          'title',
          'description',
          'category',
          'date',
          'image_url',
          'url',
          'rank',
        ]);
      }
    }
  });
});
