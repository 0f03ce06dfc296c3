/*
 * The runtime of our typed API client, in a few lines: hono's `hc` types (paths, inputs, answers
 * from the server's routes) over a small proxy that makes the same requests. hono's own runtime
 * also serves headers, cookies, forms, WebSockets and `$url`, which the app does not use through
 * it, and it is in the first view. Same rules as hono's: `api.a[':id'].b.$get({ param, query, json },
 * { init })` is GET /api/a/<id>/b?<query>; `index` stands for the path's end; a query's undefined
 * values are left out and arrays repeat their key; `json` is sent as JSON; `init` goes to fetch.
 */

type Input = {
  param?: Record<string, string>;
  query?: Record<string, unknown>;
  json?: unknown;
};
type Options = { init?: RequestInit };

export function typedClient<T>(
  base: string,
  fetcher: (input: string, init?: RequestInit) => Promise<Response>,
): T {
  const make = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => (typeof key !== 'string' || key === 'then' ? undefined : make([...path, key])),
      apply: (_target, _this, [input, options]: [Input | undefined, Options | undefined]) => {
        const method = (path.at(-1) ?? '').replace(/^\$/, '').toUpperCase();
        let url = `${base.replace(/\/+$/, '')}/${path.slice(0, -1).join('/')}`.replace(/\/index$/, '');
        for (const [k, v] of Object.entries(input?.param ?? {}))
          url = url.replace(new RegExp(`/:${k}(?=/|$)`), v ? `/${v}` : '');
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(input?.query ?? {}))
          for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) query.append(k, String(one));
        const search = query.toString();
        const hasJson = input?.json !== undefined;
        return fetcher(search ? `${url}?${search}` : url, {
          method,
          ...(hasJson
            ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input.json) }
            : {}),
          ...options?.init,
        });
      },
    });
  return make([]) as T;
}
