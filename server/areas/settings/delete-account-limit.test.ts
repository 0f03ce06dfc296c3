import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { SETTINGS_MSG } from '@common/profiles/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { hashQueueStats } from '../../platform/password';
import { createTestApp, signUpAndVerify, type TestApp } from '../../test/harness';
import { DELETE_ACCOUNT_CHECKS } from './settings.service';

/*
 * Issue 13, hole 5: the delete-account form checked the password with scrypt on every call, with
 * no limit: a stolen session could guess the password (or burn the server's CPU) without end.
 * Now 5 checks per person per 15 minutes, counted in the database before scrypt runs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Fixed windows: start away from a window's edge, so the attempts below share one window. */
async function awayFromWindowEdge(windowSec: number) {
  const left = windowSec - ((Date.now() / 1000) % windowSec);
  if (left < 30) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}

describe('the delete-account password check is limited per person', () => {
  it('after 5 checks the 6th is refused with 429 before any hash, even with the right password', async () => {
    await awayFromWindowEdge(DELETE_ACCOUNT_CHECKS.windowSec);
    const agent = t.agent();
    const { person, viewer } = await signUpAndVerify(t, agent);
    for (let i = 0; i < DELETE_ACCOUNT_CHECKS.max; i++) {
      // From a new address each time: the limit is the person's, not the address's.
      const res = await agent.request(
        'POST',
        '/api/account/delete',
        { password: `guess-${i}-x` },
        {
          'x-forwarded-for': `198.18.7.${i + 1}`,
        },
      );
      expect(res.status, `check ${i}`).toBe(400);
      expect(res.body.error.fields.password).toBe(SETTINGS_MSG.wrongPassword);
    }
    const hashesBefore = hashQueueStats().derived;
    const res = await agent.post('/api/account/delete', { password: person.password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: { code: 'RATE_LIMITED', message: MSG_AUTH_SAFETY.deleteAccountLimited },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(hashQueueStats().derived).toBe(hashesBefore);
    const [user] = await t.db.select().from(users).where(eq(users.id, viewer.id));
    expect(user!.banned).toBeFalsy();
    expect((await agent.get('/api/me')).body.viewer.id).toBe(viewer.id);

    // Someone else's checks are their own.
    const other = t.agent();
    const { person: otherPerson } = await signUpAndVerify(t, other);
    expect((await other.post('/api/account/delete', { password: otherPerson.password })).status).toBe(200);
  }, 90_000);
});
