import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from '../../platform/auth';

/*
 * Login CSRF through a confirmation link (issue 26): better-auth signs in whoever opens a valid
 * confirmation link, so an attacker's link for a throwaway account, opened by a signed-out person,
 * signed that person into the attacker's account. The browser that signs up (or asks for a new
 * link) now gets a cookie naming the address, signed with the server's secret; confirming signs in
 * only a browser holding the cookie for the link's address. Any other browser has the address
 * confirmed and lands signed out, to sign in with the password.
 */

export const PENDING_COOKIE = 'cofound.pending_confirmation';
const MAX_AGE_S = 24 * 60 * 60;

async function macOf(auth: Auth, email: string) {
  const { secret } = await auth.$context;
  return createHmac('sha256', secret).update(`confirm:${email.trim().toLowerCase()}`).digest('base64url');
}

/** The Set-Cookie header that marks this browser as the one waiting to confirm `email`. */
export async function pendingCookie(auth: Auth, email: string, secure: boolean) {
  return `${PENDING_COOKIE}=${await macOf(auth, email)}; Path=/api/auth; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The address a confirmation token names (better-auth checks the signature itself). */
function emailOfToken(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { email } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

function cookieValue(header: string | undefined, name: string) {
  for (const part of header?.split(';') ?? []) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** Did this browser sign up (or ask for the link) for the address the token confirms? */
export async function isSigningUpBrowser(auth: Auth, token: string | undefined, cookie: string | undefined) {
  const email = emailOfToken(token);
  const held = cookieValue(cookie, PENDING_COOKIE);
  if (!email || !held) return false;
  const expected = Buffer.from(await macOf(auth, email));
  const got = Buffer.from(held);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
