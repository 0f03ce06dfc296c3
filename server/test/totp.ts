import { createHmac } from 'node:crypto';

/*
 * RFC 6238 TOTP (SHA-1, 30 s, 6 digits), written out for the tests: they compute the code an
 * authenticator app would show from the key the page shows, independently of better-auth.
 */

/** RFC 4648 base32 (the otpauth key), padding and spaces ignored. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = alphabet.indexOf(ch);
    if (i === -1) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code for `key` (base32) at `at` ms. */
export function totp(key: string, at = Date.now(), stepSec = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSec)));
  const mac = createHmac('sha1', base32Decode(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(bin).padStart(6, '0');
}

/** A code that is certainly wrong now (not this step's, nor its neighbours'). */
export function wrongCode(key: string, at = Date.now()): string {
  const near = new Set([-1, 0, 1].map((d) => totp(key, at + d * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}
