import type { Group, GroupMemberPage } from '@common/groups/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * A group's member count has one rule for its header (the group), its card in the list and the
 * members sidebar's 'View all N members' (the members list's total): members whose account is
 * visible, not deleted and not banned. A block hides the person from the viewer's list, not from
 * the group's count.
 */

let t: TestApp;
type Person = { agent: Agent; id: string };
const ADMIN_EMAIL = `group-counts-chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

/** A public group admits at once. */
async function join(groupId: string, _admin: Person, p: Person) {
  expect((await p.agent.post(`/api/groups/${groupId}/join-requests`)).status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(async () => {
  await t?.close();
});

describe("group member count: the header and the sidebar's 'View all N members' follow one rule", () => {
  it('both leave out banned and deleted members and agree with each other; a block hides only the row', async () => {
    const siteAdmin = await person(ADMIN_EMAIL);
    const owner = await person();
    const created = await owner.agent.post<Group>('/api/groups', {
      name: `Counting ${process.pid}`,
      description: 'A group whose members are counted the same way everywhere.',
      coverImage: null,
    });
    expect(created.status, created.text).toBe(201);
    const g = created.body;
    const members = await Promise.all(Array.from({ length: 7 }, () => person()));
    for (const m of members) await join(g.id, owner, m);

    const counts = async (viewer: Person) => {
      const header = (await viewer.agent.get<Group>(`/api/groups/${g.id}`)).body.memberCount;
      const list = await viewer.agent.get<GroupMemberPage>(`/api/groups/${g.id}/members?limit=50`);
      const card = (
        await viewer.agent.get<{ items: Group[] }>(`/api/groups?q=${encodeURIComponent(g.name)}`)
      ).body.items.find((x) => x.id === g.id)?.memberCount;
      return { header, sidebar: list.body.total, card, rows: list.body.items.length };
    };
    expect(await counts(owner)).toEqual({ header: 8, sidebar: 8, card: 8, rows: 8 });

    // Banned by an admin, and deleted (a deleted account whose rows are not yet gone).
    const [banned, deleted, blocker] = members;
    expect(
      (await siteAdmin.agent.post(`/api/admin/users/${banned!.id}/ban`, { reason: 'spam' })).status,
    ).toBe(200);
    await t.db.execute(sql`update profiles set deleted_at = now() where id = ${deleted!.id}`);
    expect(await counts(owner)).toEqual({ header: 6, sidebar: 6, card: 6, rows: 6 });

    // A member who blocked the owner is not in the owner's list, but the group still has them.
    expect((await blocker!.agent.post(`/api/connections/${owner.id}/block`)).status).toBe(200);
    expect(await counts(owner)).toEqual({ header: 6, sidebar: 6, card: 6, rows: 5 });
  });
});
