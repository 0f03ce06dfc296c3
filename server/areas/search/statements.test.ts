import type { SearchPage, SearchSuggestions } from '@common/search/model';
import { SEARCH } from '@common/search/model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { profiles } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { searchQuery, searchTerms, suggestQuery } from './search.service';
import { templateChecks, templateOf } from './statements';

/*
 * Search's statements are written once per shape and bound per request (docs/decisions/037): the
 * bound statement is the one drizzle would have built for the request, whoever asked first.
 */

describe('templateOf', () => {
  it('keeps a statement whose values are the slots, or strings holding them', () => {
    const template = templateOf({ who: 'string', text: 'string', n: 'number' }, (s) => {
      const text = s.text as string;
      return sql`select ${s.who}::text, ${`% ${text}%`}, ${'fixed'}, ${3} limit ${s.n}`;
    });
    expect(template).not.toBeNull();
    expect(template!.statement({ who: 'me', text: 'a$1%', n: 5 })).toEqual({
      text: 'select $1::text, $2, $3, $4 limit $5',
      values: ['me', '% a$1%%', 'fixed', 3, 5],
    });
  });

  it('refuses a statement built from what a slot is rather than where it goes', () => {
    // Its length, its case, a sum, the text's shape: each would bind a wrong value or text.
    const refused = [
      (s: Record<string, string | number>) => sql`select ${(s.text as string).length}`,
      (s: Record<string, string | number>) => sql`select ${(s.text as string).toUpperCase()}`,
      (s: Record<string, string | number>) => sql`select 1 limit ${(s.n as number) + 1}`,
      // A text that depends on the value (the two builds' stand-ins differ in length).
      (s: Record<string, string | number>) =>
        (s.text as string).length > 9 ? sql`select ${s.text}` : sql`select ${s.text}, 1`,
    ];
    for (const build of refused) expect(templateOf({ text: 'string', n: 'number' }, build)).toBeNull();
  });
});

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedUpPerson>>;

async function person(fullName: string): Promise<Person> {
  const p = await signedUpPerson(t);
  const res = await p.agent.request('PATCH', '/api/profiles/me', { fullName });
  expect(res.status, res.text).toBe(200);
  return p;
}
async function search(agent: Agent, q: string, page = 1, type?: string) {
  const params = new URLSearchParams({ q, page: String(page), ...(type ? { type } : {}) });
  const res = await agent.get<SearchPage>(`/api/search?${params}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
async function suggest(agent: Agent, q: string) {
  const res = await agent.get<SearchSuggestions>(`/api/search/suggest?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const found = (page: SearchPage) => page.results.map((r) => r.id);
const suggested = (s: SearchSuggestions, type: string) =>
  s.types.find((x) => x.type === type)?.results.map((r) => r.id) ?? [];

let viewer: Person;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await person('Quillon Viewer');
  templateChecks.compare = true;
  templateChecks.unwritten.clear();
});
afterAll(async () => {
  templateChecks.compare = false;
  await t?.close();
});

describe('bound statements', () => {
  it('are what a fresh build writes, for every shape and any text, and every shape is a template', async () => {
    // Written straight to the database (25 sign-ups at once would be refused as a burst).
    const bulk = await t.db.execute<{ id: string }>(sql`with u as (
        insert into users (name, email, username)
        select 'Quillon ' || lpad(g::text, 2, '0') || ' Marsh', 'stq' || g || '@example.com', 'stq_' || g
        from generate_series(1, 25) g
        returning id, username, email, name)
      insert into profiles (id, username, email, full_name) select id, username, email, name from u
      returning id`);
    const people = bulk.rows;
    // Plain and hostile texts, one or two letters, a typo, pages past a tier boundary, each tab.
    const texts = [
      'quillon',
      'qu',
      'q',
      'marsh',
      'quilon',
      '%_\\',
      "o'brien $1 $$",
      'ünï çødé',
      'x'.repeat(80),
    ];
    for (const q of texts) {
      for (const page of [1, 2]) await search(viewer.agent, q, page);
      await suggest(viewer.agent, q);
    }
    for (const type of ['user', 'article', 'group']) await search(viewer.agent, 'quillon', 1, type);
    // Every statement compared with its fresh build (templateChecks.compare throws: a 500) and none
    // fell back to being built per request.
    expect([...templateChecks.unwritten]).toEqual([]);
    const one = await search(viewer.agent, 'quillon');
    const two = await search(viewer.agent, 'quillon', 2);
    expect([...found(one), ...found(two)].sort()).toEqual([viewer.id, ...people.map((p) => p.id)].sort());
  });

  it('answer what the one-statement forms answer', async () => {
    for (const q of ['quillon', 'qu', 'marsh', 'quilon']) {
      const one = await queryRows<{ id: string | null; total: number }>(
        t.db,
        searchQuery(viewer.id, searchTerms(q), 1),
      );
      const res = await search(viewer.agent, q);
      expect(found(res), q).toEqual(one.filter((r) => r.id !== null).map((r) => r.id));
      expect(res.total, q).toBe(Math.min(Number(one[0]!.total), SEARCH.countCap));

      const rows = await queryRows<{ type: string; id: string }>(
        t.db,
        suggestQuery(viewer.id, searchTerms(q)),
      );
      const s = await suggest(viewer.agent, q);
      for (const type of new Set(rows.map((r) => r.type))) {
        const expected = rows.filter((r) => r.type === type).map((r) => r.id);
        expect(suggested(s, type), `${q} ${type}`).toEqual(expected.slice(0, SEARCH.suggestPerType));
      }
    }
  });
});

describe('a statement bound for one person, then another (the wrong person)', () => {
  it('shows a private group to its member only, whoever searched first', async () => {
    const owner = await person('Owner Of Velmorrow');
    const made = await owner.agent.post<{ id: string }>('/api/groups', {
      name: 'Velmorrow Circle',
      description: 'A quiet group.',
      coverImage: null,
    });
    expect(made.status, made.text).toBe(201);
    const patched = await owner.agent.request('PATCH', `/api/groups/${made.body.id}`, { isPrivate: true });
    expect(patched.status, patched.text).toBe(200);
    for (const q of ['velmorrow', 've', 'circle']) {
      expect(found(await search(owner.agent, q)), q).toContain(made.body.id);
      expect(found(await search(viewer.agent, q)), q).not.toContain(made.body.id);
      expect(suggested(await suggest(owner.agent, q), 'group'), q).toEqual([made.body.id]);
      expect(suggested(await suggest(viewer.agent, q), 'group'), q).toEqual([]);
    }
  });

  it('hides people who blocked the asker or whom the asker blocked, and banned people', async () => {
    const blocker = await person('Zembrel Blocker');
    const blocked = await person('Zembrel Blocked');
    const banned = await person('Zembrel Banned');
    const plain = await person('Zembrel Plain');
    expect((await blocker.agent.post(`/api/connections/${viewer.id}/block`)).status).toBe(200);
    expect((await viewer.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    for (const q of ['zembrel', 'ze', 'blocker', 'zembrl']) {
      // Someone else asks first (the shape's statement is made and kept), then the viewer.
      const others = found(await search(plain.agent, q));
      const mine = found(await search(viewer.agent, q));
      if (q !== 'blocker') expect(others, q).toContain(blocked.id);
      expect(others, q).toContain(blocker.id);
      expect(others, q).not.toContain(banned.id);
      expect(mine, q).not.toContain(blocker.id);
      expect(mine, q).not.toContain(blocked.id);
      expect(mine, q).not.toContain(banned.id);
      // Suggestions read no typos.
      if (q !== 'zembrl') expect(suggested(await suggest(plain.agent, q), 'user'), q).toContain(blocker.id);
      const mySuggestions = suggested(await suggest(viewer.agent, q), 'user');
      expect(mySuggestions, q).not.toContain(blocker.id);
      expect(mySuggestions, q).not.toContain(blocked.id);
      expect(mySuggestions, q).not.toContain(banned.id);
    }
    expect(found(await search(viewer.agent, 'zembrel'))).toEqual([plain.id]);
  });
});
