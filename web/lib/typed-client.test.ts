import { describe, expect, it } from 'vitest';
import { typedClient } from './typed-client';

/* The small runtime makes the requests hono's client would (web/lib/typed-client.ts). */

type Call = { url: string; init: RequestInit | undefined };
function client() {
  const calls: Call[] = [];
  const api = typedClient<Record<string, any>>('/api', async (url, init) => {
    calls.push({ url, init });
    return new Response('{}');
  });
  return { api, calls };
}

describe('typedClient', () => {
  it('builds the path, its params and its query as hono does', async () => {
    const { api, calls } = client();
    await api.groups[':id'].posts.$get({
      param: { id: 'g1' },
      query: { limit: 10, cursor: undefined, tag: ['a', 'b'] },
    });
    await api.feed.index.$get();
    await api.feed.$get({ query: {} });
    expect(calls.map((c) => [c.url, c.init?.method])).toEqual([
      ['/api/groups/g1/posts?limit=10&tag=a&tag=b', 'GET'],
      ['/api/feed', 'GET'],
      ['/api/feed', 'GET'],
    ]);
    expect(calls[0]!.init?.body).toBeUndefined();
  });

  it('sends json as JSON with its type, and hands init to fetch', async () => {
    const { api, calls } = client();
    const signal = new AbortController().signal;
    await api.messages[':childId'].$patch(
      { param: { childId: 'm1' }, json: { read: true } },
      { init: { signal } },
    );
    expect(calls[0]!.url).toBe('/api/messages/m1');
    expect(calls[0]!.init).toMatchObject({
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"read":true}',
      signal,
    });
  });
});
