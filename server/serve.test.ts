import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from './boot';
import { readEnv } from './env';
import { serveApp } from './serve';
import { createTestApp, openSocket, signedUpPerson, type TestApp } from './test/harness';

/**
 * A restart under load loses no request: on shutdown the server stops accepting, lets every
 * request in flight finish (even one whose client went away), closes realtime sockets with 1001,
 * and only then closes the database pool.
 */
describe('shutting the server down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** One served instance whose /slow route waits for `release()` before it reads the database. */
  async function served() {
    const instance = await t.startInstance();
    const events: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const app = new Hono()
      .get('/slow', async (c) => {
        entered();
        await gate;
        const { rows } = await instance.database.db.execute<{ n: number }>(sql`select 42 as n`);
        events.push('slow request read the database');
        return c.json(rows[0]);
      })
      .all('*', (c) => instance.app.fetch(c.req.raw, c.env));
    const booted = {
      ...instance,
      app,
      // The instance shares the test's database: stopping it stands for closing the pool.
      close: async () => {
        await instance.stop();
        events.push('pool closed');
      },
    } as unknown as Booted;
    const env = readEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
    let handle!: ReturnType<typeof serveApp>;
    const port = await new Promise<number>((resolve) => {
      handle = serveApp(booted, env, resolve, { exitOnSignal: false, drainMs: 5_000 });
    });
    return { handle, port, base: `http://127.0.0.1:${port}`, events, inside, release };
  }

  const get = (url: string, signal?: AbortSignal) =>
    new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = http.get(url, { agent: new http.Agent({ keepAlive: true }), signal }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      });
      req.on('error', reject);
    });

  it('finishes a request in flight before closing the pool, and refuses new connections', async () => {
    const s = await served();
    const slow = get(`${s.base}/slow`);
    await s.inside;
    const stopped = s.handle.shutdown('test');
    await new Promise((r) => setTimeout(r, 100));
    // No longer accepting: a new connection is refused while the old request still runs.
    await expect(get(`${s.base}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    expect(s.events).toEqual([]);
    s.release();
    const answer = await slow.catch((err: Error) => {
      throw new Error(`slow: ${err.message}`);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ n: 42 });
    // The answer tells a keep-alive client to open its next connection elsewhere.
    expect(answer.connection).toBe('close');
    await stopped;
    expect(s.events).toEqual(['slow request read the database', 'pool closed']);
  });

  it('keeps the pool open for a request whose client went away', async () => {
    const s = await served();
    const abort = new AbortController();
    const slow = get(`${s.base}/slow`, abort.signal).catch((err: Error) => err);
    await s.inside;
    abort.abort();
    expect(await slow).toBeInstanceOf(Error);
    const stopped = s.handle.shutdown('test');
    await new Promise((r) => setTimeout(r, 200));
    // The connection is gone, the handler is not: the pool must wait for it.
    expect(s.events).toEqual([]);
    s.release();
    await stopped;
    expect(s.events).toEqual(['slow request read the database', 'pool closed']);
  });

  it('closes realtime sockets with 1001 (going away) so pages reconnect elsewhere', async () => {
    const s = await served();
    const { agent } = await signedUpPerson(t);
    const socket = await openSocket(s.base, agent);
    expect(socket.opened).toEqual({ ok: true });
    await socket.waitFor('hello');
    const code = new Promise<number>((r) => socket.ws.once('close', (c) => r(c)));
    s.release();
    await s.handle.shutdown('test');
    expect(await code).toBe(1001);
    expect((s.handle.server.address() as AddressInfo | null) ?? null).toBeNull();
  });
});
