import { describe, expect, it } from 'vitest';
import { redactString } from './logger';

// The rules as written in logger.ts, applied to every string: redactString's quick test in front of
// them must never let through a string one of them would change.
const REDACTED = '[redacted]';
const RULES: [RegExp, string][] = [
  [/(\/(?:reset-password|verify-email|verify|magic-link)\/)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  [
    /([?&;](?:token|code|otp|signature|sig|secret|password|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"'<>]*/gi,
    `$1${REDACTED}`,
  ],
  [/(session_token=)[^;\s"'<>]+/gi, `$1${REDACTED}`],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g, REDACTED],
];
const everyRule = (s: string) => RULES.reduce((out, [p, r]) => out.replace(p, r), s);

describe('redactString', () => {
  const samples = [
    '/api/auth/reset-password/abc123',
    '/api/auth/RESET-PASSWORD/abc123',
    '/api/auth/verify-email/xyz?callbackURL=/',
    '/verify/tok',
    '/magic-link/tok',
    'https://x/api/auth/verify-email?token=eyJhbGciOi.eyJzdWIiOi.sig-nature_1',
    '/callback?code=123&state=4',
    'a;otp=999',
    'https://bucket.s3/x?X-Amz-Signature=deadbeef&X-Amz-Credential=AKIA%2F',
    '?Sig=1&SECRET=2&Password=3',
    'cookie: cofound.session_token=abc.def; other=1',
    '__Secure-cofound.session_token=abc',
    'Bearer eyJhbGciOiJIUzI1.eyJzdWIiOiIx.c2lnbmF0dXJl',
    '/api/bench/floor',
    '/api/profiles/9b2f6a1e-0000-4000-8000-000000000001',
    'GET',
    'request',
    'a=b&c=d',
    'plain text with a / slash and = sign',
  ];

  it('changes exactly what the rules change, and returns the rest as it was', () => {
    for (const s of samples) expect({ s, out: redactString(s) }).toEqual({ s, out: everyRule(s) });
    expect(redactString('/api/auth/reset-password/abc123')).toBe(`/api/auth/reset-password/${REDACTED}`);
    expect(redactString('/api/bench/floor')).toBe('/api/bench/floor');
  });
});
