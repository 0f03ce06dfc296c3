import type { ClientResponse, hc } from 'hono/client';
import { typedClient } from './typed-client';
import type { ApiRoutes } from '@server/app';
import { ApiError, readResponse } from './api-client';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';

/**
 * The typed client of our own API: paths, inputs and JSON answers come from the server's route
 * types (server/app.ts), not from hand-written ones. better-auth's /api/auth/* is called through
 * apiFetch instead.
 */
/** What hono's `hc` would give for our routes: the types only (web/lib/typed-client.ts runs it). */
type Api = ReturnType<typeof hc<ApiRoutes, '/api'>>;

export const api = typedClient<Api>('/api', (input, init) =>
  fetch(input, { ...init, credentials: 'same-origin' }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: MSG.unexpected, path: String(input) });
  }),
);

/** Awaits a client call and returns its JSON, or throws an ApiError with the server's message. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  pending: Promise<R>,
): Promise<BodyOf<R>> {
  const response = await pending;
  return readResponse<BodyOf<R>>(response, new URL(response.url || '/', window.location.origin).pathname);
}

/** The JSON body of a client response; a union when a route answers in several shapes. */
type BodyOf<R> = R extends ClientResponse<infer T, number, string> ? T : never;
