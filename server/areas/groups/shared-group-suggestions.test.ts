import { randomUUID } from 'node:crypto';
import type { Group } from '@common/groups/model';
import type { PersonSuggestion } from '@common/profiles/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * People you may know, the groups area's source: members who share a group are offered "In <group>",
 * and a private group is named to nobody outside it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);

async function groupOf(owner: Person, name: string, members: Person[], isPrivate = false): Promise<Group> {
  const res = await owner.agent.post<Group>('/api/groups', {
    name,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  for (const m of members) {
    const join = await m.agent.post<{ joined: boolean }>(`/api/groups/${res.body.id}/join-requests`);
    expect(join.body.joined).toBe(true);
  }
  if (isPrivate)
    expect(
      (await owner.agent.request('PATCH', `/api/groups/${res.body.id}`, { isPrivate: true })).status,
    ).toBe(200);
  return res.body;
}

async function suggestions(p: Person): Promise<PersonSuggestion[]> {
  const res = await p.agent.get<{ items: PersonSuggestion[] }>('/api/people/suggestions');
  expect(res.status).toBe(200);
  return res.body.items;
}
const reasonFor = (items: PersonSuggestion[], id: string) => items.find((s) => s.id === id)?.reason;

async function befriend(a: Person, b: Person) {
  expect((await a.agent.post(`/api/connections/${b.id}/request`)).status).toBe(200);
  expect((await b.agent.post(`/api/connections/${a.id}/accept`)).status).toBe(200);
}

describe('people you may know through a shared group', () => {
  it('offers the other members "In <group>", ranked after a mutual friend and before a shared skill', async () => {
    const tag = randomUUID().slice(0, 8);
    const [me, owner, friend, fof, skilled] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    await t.db
      .update(profiles)
      .set({ skills: [`zig-${tag}`] })
      .where(eq(profiles.id, me.id));
    await t.db
      .update(profiles)
      .set({ skills: [`zig-${tag}`] })
      .where(eq(profiles.id, skilled.id));
    await befriend(me, friend);
    await befriend(friend, fof);
    await groupOf(owner, `Weekend Builders ${tag}`, [me]);

    const items = await suggestions(me);
    expect(items.map((s) => s.id)).toEqual([fof.id, owner.id, skilled.id]);
    expect(items[1]).toMatchObject({
      mutualFriends: 0,
      sharedInterests: 0,
      reason: `In Weekend Builders ${tag}`,
    });
    expect(items[0]!.reason).toBeNull();
    expect(items[2]).toMatchObject({ sharedInterests: 1, reason: null });
  });

  it('names a private group only to its members, never a blocked or banned member, and ends with the membership', async () => {
    const tag = randomUUID().slice(0, 8);
    const [owner, me, other, blocker, blocked, banned, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const secret = `Secret Circle ${tag}`;
    const g = await groupOf(owner, secret, [me, other, blocker, blocked, banned], true);
    // The outsider shares a skill with `other` and a public group with `owner`, never the private one.
    await t.db
      .update(profiles)
      .set({ skills: [`ocaml-${tag}`] })
      .where(eq(profiles.id, other.id));
    await t.db
      .update(profiles)
      .set({ skills: [`ocaml-${tag}`] })
      .where(eq(profiles.id, outsider.id));
    await groupOf(owner, `Open Table ${tag}`, [outsider]);
    await blocker.agent.post(`/api/connections/${me.id}/block`);
    await me.agent.post(`/api/connections/${blocked.id}/block`);
    await t.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));

    const mine = await suggestions(me);
    expect(reasonFor(mine, owner.id)).toBe(`In ${secret}`);
    expect(reasonFor(mine, other.id)).toBe(`In ${secret}`);
    const ids = mine.map((s) => s.id);
    expect(ids).not.toContain(blocker.id);
    expect(ids).not.toContain(blocked.id);
    expect(ids).not.toContain(banned.id);
    // The blocker and the banned member are not offered me either.
    expect((await suggestions(blocker)).map((s) => s.id)).not.toContain(me.id);
    expect((await suggestions(blocked)).map((s) => s.id)).not.toContain(me.id);

    const theirs = await suggestions(outsider);
    expect(reasonFor(theirs, other.id)).toBeNull();
    expect(reasonFor(theirs, owner.id)).toBe(`In Open Table ${tag}`);
    expect(JSON.stringify(theirs)).not.toContain(secret);

    // Leaving ends the reason at once, though my ranking is kept for a few minutes.
    expect((await me.agent.post(`/api/groups/${g.id}/leave`)).status).toBe(200);
    const after = await suggestions(me);
    expect(JSON.stringify(after)).not.toContain(secret);
    expect(after.map((s) => s.id)).not.toContain(owner.id);
    expect(after.map((s) => s.id)).not.toContain(other.id);
  });
});
