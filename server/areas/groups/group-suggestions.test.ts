import type { Group, GroupSummary } from '@common/groups/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';

/* Issue 21: suggested groups on a new member's home (GET /api/groups/suggested). */

let t: TestApp;
type Person = { agent: Agent; id: string };

const person = (): Promise<Person> => signedUpPerson(t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function makeGroup(p: Person, name: string, isPrivate = false): Promise<Group> {
  const res = await p.agent.post<Group>('/api/groups', {
    name,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  if (isPrivate)
    expect((await p.agent.request('PATCH', `/api/groups/${res.body.id}`, { isPrivate })).status).toBe(200);
  return res.body;
}

const suggested = async (agent: Agent) => {
  const res = await agent.get<{ items: GroupSummary[] }>('/api/groups/suggested');
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((g) => g.name);
};

describe('suggested groups', () => {
  it('are the newest public groups the member is not in nor asking to join, three at most', async () => {
    const [owner, newcomer] = [await person(), await person()];
    expect(await suggested(newcomer.agent)).toEqual([]);
    const first = await makeGroup(owner, 'First makers');
    await makeGroup(owner, 'Second makers');
    await makeGroup(owner, 'Hidden makers', true);
    const fourth = await makeGroup(owner, 'Fourth makers');
    await makeGroup(owner, 'Fifth makers');
    expect(await suggested(newcomer.agent)).toEqual(['Fifth makers', 'Fourth makers', 'Second makers']);
    // Their own groups are not suggested to the owner.
    expect(await suggested(owner.agent)).toEqual([]);
    // Joined (a public group admits at once): no longer suggested.
    expect((await newcomer.agent.post(`/api/groups/${fourth.id}/join-requests`)).status).toBe(201);
    expect(await suggested(newcomer.agent)).toEqual(['Fifth makers', 'Second makers', 'First makers']);
    expect(first.isPrivate).toBe(false);
  });

  it('need a member', async () => {
    expect((await t.agent().get('/api/groups/suggested')).status).toBe(401);
  });
});
