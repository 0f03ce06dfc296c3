import { SEARCH, type SearchPage, type SearchSuggestions } from '@common/search/model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { SUGGEST_LIMIT } from './search.routes';
import { searchTerms, suggestQuery } from './search.service';

/*
 * Suggestions as you type (GET /api/search/suggest) and the ranking both lists share: exact and
 * prefix matches of a name before later words, and typos after every plain match.
 */

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedUpPerson>>;

async function person(fullName?: string, username?: string): Promise<Person> {
  const p = await signedUpPerson(t, username ? { username } : {});
  if (fullName) {
    const res = await p.agent.request('PATCH', '/api/profiles/me', { fullName });
    expect(res.status, res.text).toBe(200);
  }
  return p;
}

async function suggest(agent: Agent, q: string) {
  const res = await agent.get<SearchSuggestions>(`/api/search/suggest?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res;
}
const ids = (s: SearchSuggestions, type: string) =>
  s.types.find((x) => x.type === type)?.results.map((r) => r.id) ?? [];

async function search(agent: Agent, q: string, type?: string) {
  const params = new URLSearchParams({ q, ...(type ? { type } : {}) });
  const res = await agent.get<SearchPage>(`/api/search?${params}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

let viewer: Person;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await person();
});
afterAll(async () => {
  await t?.close();
});

describe('ranking', () => {
  it("lists 'Tara' by name before people whose names only look like it (typos)", async () => {
    // The names the demo community showed before Tara: a typo's neighbours must not drown her.
    const near = [
      await person('Vera Tanakara'),
      await person('Yarra Quillfeather'),
      await person('Amarra Quillfeather'),
    ];
    const tara = await person('Tarra Quillfeather');
    const res = await search(viewer.agent, 'tarra');
    const found = res.results.map((r) => r.id);
    expect(found[0]).toBe(tara.id);
    for (const n of near) if (found.includes(n.id)) expect(found.indexOf(n.id)).toBeGreaterThan(0);
    // As typed, case and all; the suggestions put her first too.
    const typed = await suggest(viewer.agent, 'Tarra');
    expect(ids(typed.body, 'user')[0]).toBe(tara.id);
    expect(typed.body.types[0]!.type).toBe('user');
  });

  it('the exact username first, then names that start with the text, then later words', async () => {
    const exact = await person('Someone Unrelated', 'brindlewick');
    const starts = await person('Brindlewick Abel');
    const later = await person('Ada Brindlewick');
    const s = await suggest(viewer.agent, 'brindlewick');
    expect(ids(s.body, 'user')).toEqual([exact.id, starts.id, later.id]);
    expect((await search(viewer.agent, 'brindlewick')).results.slice(0, 3).map((r) => r.id)).toEqual([
      exact.id,
      starts.id,
      later.id,
    ]);
  });

  it('the results page lists one type when its tab is chosen, and names every tab', async () => {
    const p = await person('Tabulon Person');
    const all = await search(viewer.agent, 'tabulon');
    expect(all.types.map((x) => x.type)).toEqual(expect.arrayContaining(['user', 'group', 'article']));
    expect((await search(viewer.agent, 'tabulon', 'user')).results.map((r) => r.id)).toEqual([p.id]);
    expect((await search(viewer.agent, 'tabulon', 'group')).results).toEqual([]);
    expect((await search(viewer.agent, 'tabulon', 'nosuchtype')).total).toBe(0);
    const bad = await viewer.agent.get(`/api/search?q=tabulon&type=${encodeURIComponent("x' or 1=1")}`);
    expect(bad.status).toBe(400);
  });
});

describe('suggestions', () => {
  it('are a few of each type, cached briefly, and bounded in length', async () => {
    for (let i = 0; i < SEARCH.suggestPerType + 3; i++) await person(`Plenteous Member${i}`);
    const res = await suggest(viewer.agent, 'plenteous');
    expect(ids(res.body, 'user')).toHaveLength(SEARCH.suggestPerType);
    for (const type of res.body.types) expect(type.results.length).toBeLessThanOrEqual(SEARCH.suggestPerType);
    expect(res.headers.get('cache-control')).toBe(`private, max-age=${SEARCH.suggestMaxAgeSec}`);
    // A long text is cut, not refused; an empty one is refused.
    const long = await suggest(viewer.agent, 'p'.repeat(500));
    expect(Array.from(long.body.query)).toHaveLength(SEARCH.suggestQueryMax);
    expect((await viewer.agent.get('/api/search/suggest?q=%20')).status).toBe(400);
    expect((await viewer.agent.get(`/api/search/suggest?q=${'x'.repeat(SEARCH.queryMax + 1)}`)).status).toBe(
      400,
    );
  });

  it('are for members only', async () => {
    expect((await t.agent().get('/api/search/suggest?q=plenteous')).status).toBe(401);
  });

  it('hide private groups from outsiders, people who blocked the asker, and banned accounts', async () => {
    const owner = await person('Owner Of Hushwillow');
    const made = await owner.agent.post<{ id: string }>('/api/groups', {
      name: 'Hushwillow Circle',
      description: 'A quiet group.',
      coverImage: null,
    });
    expect(made.status, made.text).toBe(201);
    const patched = await owner.agent.request('PATCH', `/api/groups/${made.body.id}`, { isPrivate: true });
    expect(patched.status, patched.text).toBe(200);
    expect(ids((await suggest(owner.agent, 'hushwillow')).body, 'group')).toEqual([made.body.id]);
    expect(ids((await suggest(viewer.agent, 'hushwillow')).body, 'group')).toEqual([]);

    const blocker = await person('Hushwillow Blocker');
    const banned = await person('Hushwillow Banned');
    const plain = await person('Hushwillow Plain');
    expect((await blocker.agent.post(`/api/connections/${viewer.id}/block`)).status).toBe(200);
    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    const seen = ids((await suggest(viewer.agent, 'hushwillow')).body, 'user');
    expect(seen).toContain(plain.id);
    expect(seen).not.toContain(blocker.id);
    expect(seen).not.toContain(banned.id);
    // Someone the blocker did not block still finds them.
    expect(ids((await suggest(plain.agent, 'hushwillow')).body, 'user')).toContain(blocker.id);
  });

  it('are rate limited per person', async () => {
    const busy = await person();
    expect((await busy.agent.get('/api/search/suggest?q=z')).status).toBe(200);
    // The rest of the minute's allowance spent (as fast typing for a minute would), not asked one
    // by one: each ask is a real search of the database.
    t.booted.meter.hit(SUGGEST_LIMIT, busy.id, SUGGEST_LIMIT.max - 1);
    expect((await busy.agent.get('/api/search/suggest?q=zz')).status).toBe(429);
    // Another person is not affected.
    expect((await viewer.agent.get('/api/search/suggest?q=zz')).status).toBe(200);
  });

  it('read people through the prefix and trigram indexes, never a scan of the tables', async () => {
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'bulk ' || g, 'sgbulk' || g || '@example.com', 'sgbulk_' || g from generate_series(1, 3000) g
        returning id, username, email)
      insert into profiles (id, username, email, full_name)
      select id, username, email, (array['Maria','John','Wei','Amara','Lukas'])[1 + abs(hashtext(username)) % 5]
        || ' ' || (array['Smith','Garcia','Chen','Okafor','Novak','Rossi'])[1 + abs(hashtext(email)) % 6] from u`);
    await t.db.execute(sql`vacuum analyze profile_search_words`);
    await t.db.execute(sql`analyze`);
    for (const q of ['maria', 'ma', 'okafor']) {
      const rows = await t.db.transaction(async (tx) => {
        // A table this small is cheaper to scan; discouraging scans shows the indexes can serve it.
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain (analyze, buffers) ${suggestQuery(viewer.id, searchTerms(q))}`,
        );
      });
      const plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan on (profiles|profile_search_words)/);
      expect(plan, plan).toMatch(
        /profile_search_words_(name|word)_idx|profiles_(username|full_name)_prefix_idx/,
      );
      // No similarity is computed and nothing is counted: a keystroke reads a few rows per tier.
      expect(plan, plan).not.toMatch(/word_similarity|count\(/);
      const peopleRows = [
        ...plan.matchAll(
          /Scan (?:Backward )?(?:using \w+ )?on (?:profiles|profile_search_words) .*?\(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)\)/g,
        ),
      ].reduce((n, m) => n + Number(m[1]) * Number(m[2]), 0);
      // ~600 Marias: each of the people tiers stops after a few rows.
      expect(peopleRows, plan).toBeLessThanOrEqual(60);
    }
  });
});
