import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Links that act without a sign-in (a mail's unsubscribe link) carry a token that only this server
 * can make: an HMAC-SHA256 of the purpose and the subject (a member's id) under a key derived from
 * the app's secret, one key per purpose. A token made for one member or one purpose fails for any
 * other, and it is compared in constant time.
 */

export type LinkSigner = {
  /** A token binding `subject` to `purpose` (URL-safe). */
  sign(purpose: string, subject: string): string;
  /** The subject of a valid token for `purpose`, or null (forged, altered, another purpose). */
  verify(purpose: string, token: string): string | null;
};

const SUBJECT = /^[0-9a-f-]{36}$/;

export function createLinkSigner(secret: string): LinkSigner {
  const keyFor = (purpose: string) => createHmac('sha256', secret).update(`signed-link:${purpose}`).digest();
  const mac = (purpose: string, subject: string) =>
    createHmac('sha256', keyFor(purpose)).update(`${purpose}\n${subject}`).digest();
  return {
    sign(purpose, subject) {
      return `${subject}.${mac(purpose, subject).toString('base64url')}`;
    },
    verify(purpose, token) {
      const dot = token.indexOf('.');
      if (dot < 0) return null;
      const subject = token.slice(0, dot);
      if (!SUBJECT.test(subject)) return null;
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(purpose, subject);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return subject;
    },
  };
}
