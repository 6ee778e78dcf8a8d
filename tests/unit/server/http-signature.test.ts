// @vitest-environment node
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bodyDigestHeader,
  decodeCanonicalBase64,
  parseDigestHeader,
} from '../../../server/src/auth/http-signature';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A 32-byte value whose base64 holds both `+` and `/`, so the URL-safe spelling differs. */
function awkwardBytes(): { bytes: Buffer; text: string } {
  for (;;) {
    const bytes = crypto.randomBytes(32);
    const text = bytes.toString('base64');
    if (text.includes('+') && text.includes('/')) return { bytes, text };
  }
}

describe('canonical base64 (access-key signatures and digests)', () => {
  it('accepts the canonical spelling and refuses every re-spelling Node would decode to the same bytes', () => {
    const { bytes, text } = awkwardBytes();
    expect(decodeCanonicalBase64(text)).toEqual(bytes);
    const last = BASE64.indexOf(text[42] ?? 'A');
    const respelt = [
      text.replace(/=+$/, ''),
      `${text}=`,
      ` ${text}`,
      `${text.slice(0, 20)} ${text.slice(20)}`,
      `${text.slice(0, 20)}\t${text.slice(20, 43)}`,
      text.replace(/\+/g, '-').replace(/\//g, '_'),
      // 43 characters carry 258 bits for 256: the last one has two bits nobody reads.
      `${text.slice(0, 42)}${BASE64[last ^ 1]}=`,
      `${text.slice(0, 42)}${BASE64[last ^ 3]}=`,
    ];
    for (const variant of respelt) {
      // The attack only works because Node reads these as the very same bytes …
      if (!variant.includes('\t')) expect(Buffer.from(variant, 'base64')).toEqual(bytes);
      // … and the strict decoder refuses them all.
      expect(decodeCanonicalBase64(variant), JSON.stringify(variant)).toBeNull();
    }
  });

  it('reads a SHA-256 Digest header, nothing looser', () => {
    const header = bodyDigestHeader('{"a":1}');
    const expected = crypto.createHash('sha256').update('{"a":1}').digest();
    expect(parseDigestHeader(header)).toEqual(expected);
    expect(parseDigestHeader(header.replace('SHA-256', 'sha-256'))).toEqual(expected);
    expect(parseDigestHeader(header.replace('SHA-256', 'SHA-512'))).toBeNull();
    expect(parseDigestHeader(`${header}, MD5=abc`)).toBeNull();
    expect(parseDigestHeader(header.replace(/=$/, ''))).toBeNull();
    expect(parseDigestHeader(undefined)).toBeNull();
  });
});
