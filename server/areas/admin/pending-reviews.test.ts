import { randomUUID } from 'node:crypto';
import type { BusinessPage } from '@common/business-pages/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';
import { eventsOf, socketOf, subscribe } from '../../test/realtime-kit';

/*
 * The dashboard's 'Pending reviews' figure counts what is pending now: a review its author deletes
 * while it waits leaves the figure at once, live (admins are told on moderation:all whatever the
 * deleted review's status was, not only for approved ones).
 */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };
const ADMIN_EMAIL = `pending-chief-${process.pid}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(async () => {
  await t?.close();
});

describe("admin 'Pending reviews' figure: a review deleted by its author leaves it live", () => {
  it('the author deletes a pending review: admins are told, and the figure drops by one', async () => {
    const admin: Person = await signedUpPerson(t, { email: ADMIN_EMAIL });
    const owner: Person = await signedUpPerson(t);
    const writer: Person = await signedUpPerson(t);
    const created = await owner.agent.post<BusinessPage>('/api/business-pages', {
      name: `Pier Bakery ${randomUUID().slice(0, 6)}`,
      category: 'Restaurant',
      description: 'Bread and buns by the pier, baked every morning.',
      website: '',
      email: '',
      phone: '',
      address: '',
      hours: '',
    });
    expect(created.status, created.text).toBe(201);
    const pending = async () =>
      (await admin.agent.get<{ pendingReviews: number }>('/api/admin/stats')).body.pendingReviews;
    const before = await pending();

    const res = await writer.agent.post<{ id: string; status: string }>(
      `/api/business-pages/${created.body.id}/reviews`,
      { rating: 4, title: 'Good bread', content: 'Crusty loaves and friendly people.' },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('pending');
    expect(await pending()).toBe(before + 1);

    const base = await t.listen();
    const chief = await socketOf(base, { ...admin, email: '', password: '' });
    await subscribe(chief, ['moderation:all']);
    const seen = chief.events.length;
    expect(
      (await writer.agent.request('DELETE', `/api/business-reviews/${res.body.id}`)).status,
    ).toBeLessThan(300);
    await expect
      .poll(() => eventsOf(chief, 'moderation.changed', seen).filter((e) => e.part === 'reviews').length)
      .toBeGreaterThan(0);
    expect(await pending()).toBe(before);
    chief.ws.close();
  });
});
