import { describe, expect, it } from 'vitest';
import { amzDate, EMPTY_PAYLOAD_HASH, encodeKeyPath, sha256Hex, signV4, uriEncode } from './sigv4';

// The examples of the S3 documentation ("Authenticating Requests: Using the Authorization Header").
const example = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  now: new Date('2013-05-24T00:00:00Z'),
};
const signatureOf = (headers: Record<string, string>) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.authorization!)?.[1];

describe('signV4', () => {
  it('signs the GET Object example', () => {
    const headers = signV4({
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers['x-amz-content-sha256']).toBe(EMPTY_PAYLOAD_HASH);
  });

  it('signs the PUT Object example (payload hash, encoded key)', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signV4({
      ...example,
      method: 'PUT',
      url: new URL(`https://examplebucket.s3.amazonaws.com/${encodeKeyPath('test$file.text')}`),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    });
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs the list objects example (sorted, encoded query)', () => {
    const headers = signV4({
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
      payloadHash: EMPTY_PAYLOAD_HASH,
    });
    expect(signatureOf(headers)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes the way S3 canonicalises', () => {
    expect(uriEncode("a b+c!'()*~")).toBe('a%20b%2Bc%21%27%28%29%2A~');
    expect(encodeKeyPath('images/a b/c$.webp')).toBe('images/a%20b/c%24.webp');
    expect(amzDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
