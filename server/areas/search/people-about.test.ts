import type { SearchPage } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { searchQuery, searchTerms } from './search.service';

/* Issue 21: search also finds people by title, company, skills and location. */

let t: TestApp;
type Person = { agent: Agent; id: string };

async function person(profile: Record<string, unknown> = {}, username?: string): Promise<Person> {
  const p = await signedUpPerson(t, username ? { username } : {});
  if (Object.keys(profile).length) {
    const res = await p.agent.request('PATCH', '/api/profiles/me', profile);
    expect(res.status, res.text).toBe(200);
  }
  return p;
}

async function search(agent: Agent, q: string): Promise<SearchPage> {
  const res = await agent.get<SearchPage>(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const people = (page: SearchPage) => page.results.filter((r) => r.type === 'user').map((r) => r.id);

let viewer: Person;
let grace: Person;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await person();
  grace = await person({
    fullName: 'Grace Whitlowe',
    title: 'Principal Zyntheric Engineer',
    company: 'Quorvane Labs',
    location: 'Tromsøvik',
    skills: ['Kubernetes', 'Flarnish Modelling'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('people by what their profile says', () => {
  it('are found by a word of their title, company, location or skills, in any case', async () => {
    for (const q of [
      'zyntheric',
      'Zyntheric Engineer',
      'quorvane',
      'QUORVANE LABS',
      'tromsøvik',
      'flarnish',
      'modelling',
    ])
      expect(people(await search(viewer.agent, q)), q).toContain(grace.id);
    const [result] = (await search(viewer.agent, 'quorvane')).results;
    expect(result).toMatchObject({
      type: 'user',
      id: grace.id,
      title: 'Grace Whitlowe',
      description: 'Principal Zyntheric Engineer',
      label: 'User',
    });
  });

  it('only at the start of a word; one or two letters match names only', async () => {
    expect(people(await search(viewer.agent, 'ntheric'))).not.toContain(grace.id);
    expect(people(await search(viewer.agent, 'qu'))).not.toContain(grace.id);
  });

  it('someone found by name is listed once', async () => {
    const both = await person({ fullName: 'Vellichor Smith', title: 'Vellichor specialist' });
    const res = await search(viewer.agent, 'vellichor');
    const ids = people(res);
    expect(ids.filter((id) => id === both.id)).toHaveLength(1);
  });

  it('never shows blocked, banned or deleted people', async () => {
    const blocked = await person({ title: 'Glimmerwick Analyst' });
    const banned = await person({ title: 'Glimmerwick Analyst' });
    const shown = await person({ title: 'Glimmerwick Analyst' });
    expect((await viewer.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    await t.db.execute(sql`update profiles set is_banned = true where id = ${banned.id}`);
    const ids = people(await search(viewer.agent, 'glimmerwick'));
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(blocked.id);
    expect(ids).not.toContain(banned.id);
    expect(people(await search(blocked.agent, 'glimmerwick'))).not.toContain(viewer.id);
  });
});

describe('plans', () => {
  it('the about matches are read through their trigram index, for a common and a rare word', async () => {
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'about ' || g, 'pabout' || g || '@example.com', 'pabout_' || g from generate_series(1, 4000) g
        returning id, username, email)
      insert into profiles (id, username, email, full_name, title, company, skills)
      select id, username, email, 'Person ' || username,
        (array['Software Engineer','Product Designer','Data Scientist'])[1 + abs(hashtext(username)) % 3],
        (array['Acme','Globex','Initech','Umbrella'])[1 + abs(hashtext(email)) % 4],
        array['TypeScript', 'Postgres'] from u`);
    await t.db.execute(sql`update profiles set title = 'Rarissimo Curator' where username = 'pabout_7'`);
    await t.db.execute(sql`analyze profiles`);
    for (const q of ['engineer', 'rarissimo']) {
      const rows = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${searchQuery(viewer.id, searchTerms(q), 1, false)}`,
        );
      });
      const plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan on profiles/);
      expect(plan, plan).toMatch(/profiles_about_trgm/);
    }
    const common = await search(viewer.agent, 'engineer');
    expect(common.totalCapped).toBe(true);
    expect(common.results).toHaveLength(20);
    expect(people(await search(viewer.agent, 'rarissimo'))).toHaveLength(1);
  });
});
