import type { ServerEvent } from '@common/core/realtime';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createPgBus, type Bus, type Envelope } from './bus';

/*
 * The PostgreSQL bus between two processes, on its own (issue 27): how events are packed into
 * NOTIFYs and what a process that no socket of its own wants an event for pays for it.
 */

const url = process.env.TEST_DATABASE_URL;
const logger = createLogger('silent');
const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const x of open) await x.close();
});

async function bus(): Promise<Bus> {
  const b = await createPgBus({ url: url!, logger });
  open.push(b);
  return b;
}

/** Counts the packets on the bus's channel, from any process. */
async function packets() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('LISTEN cofound_events');
  const seen: string[] = [];
  client.on('notification', (m) => seen.push(m.payload ?? ''));
  open.push({ close: () => client.end() });
  return seen;
}

const typing = (from: string): ServerEvent => ({ type: 'typing', from });

describe.runIf(Boolean(url))('the bus between processes (needs TEST_DATABASE_URL)', () => {
  it('packs events published within a few milliseconds into one NOTIFY, in order', async () => {
    const [a, b] = [await bus(), await bus()];
    const seen = await packets();
    const heard: string[] = [];
    const tag = `gather-${Date.now()}`;
    b.subscribe(({ event }, remote) => {
      if (event.type === 'typing' && event.from.startsWith(tag)) heard.push(`${event.from}:${remote}`);
    });
    // One write's events: published one after the other, as a service does after its commit.
    a.publish({ to: ['x'], event: typing(`${tag}-1`) });
    a.publish({ to: ['x'], event: typing(`${tag}-2`) });
    await Promise.resolve();
    a.publish({ to: ['x'], event: typing(`${tag}-3`) });
    await expect.poll(() => heard, { timeout: 5000 }).toHaveLength(3);
    expect(heard).toEqual([`${tag}-1:true`, `${tag}-2:true`, `${tag}-3:true`]);
    // The counting client hears NOTIFYs on its own connection, maybe after b did: a later packet
    // from the same sender arrives after every earlier one, so once it is seen, all of them are.
    const end = `end-${tag}`;
    a.publish({ to: ['x'], event: typing(end) });
    await expect.poll(() => seen.some((p) => p.includes(end)), { timeout: 5000 }).toBe(true);
    expect(seen.filter((p) => p.includes(tag) && !p.includes(end))).toHaveLength(1);
  });

  it('tells a subscriber whether an event came from this process or another', async () => {
    const [a, b] = [await bus(), await bus()];
    const tag = `origin-${Date.now()}`;
    const onA: boolean[] = [];
    const onB: boolean[] = [];
    a.subscribe(({ event }, remote) => event.type === 'typing' && event.from === tag && onA.push(remote));
    b.subscribe(({ event }, remote) => event.type === 'typing' && event.from === tag && onB.push(remote));
    a.publish({ event: typing(tag) });
    await expect.poll(() => [onA, onB], { timeout: 5000 }).toEqual([[false], [true]]);
  });

  it('loads an event sent by reference only when the screen says someone here gets it', async () => {
    const [a, b] = [await bus(), await bus()];
    const tag = `screen-${Date.now()}`;
    const wanted = `topic:${tag}-wanted`;
    const big = (n: number): ServerEvent => ({ type: 'typing', from: `${tag}-${n}-${'x'.repeat(3000)}` });
    const loaded: string[] = [];
    b.registerLoader('test', async (id) => {
      loaded.push(id);
      return big(Number(id));
    });
    const asked: (string | undefined)[] = [];
    b.setScreen((_to, topic) => {
      asked.push(topic);
      return topic === wanted;
    });
    const heard: Envelope[] = [];
    b.subscribe((e) => e.event.type === 'typing' && e.event.from.startsWith(tag) && heard.push(e));
    a.publish({ topic: `topic:${tag}-nobody`, event: big(1), ref: { loader: 'test', id: '1' } });
    a.publish({ topic: wanted, event: big(2), ref: { loader: 'test', id: '2' } });
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);
    expect(heard[0]!.topic).toBe(wanted);
    expect(loaded).toEqual(['2']);
    expect(asked).toEqual([`topic:${tag}-nobody`, wanted]);
  });
});
