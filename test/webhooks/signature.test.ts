import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from '@intake/core';
import { RFC4231_CASES } from '../fixtures/rfc4231.js';

const SIGNATURE_SOURCE = fileURLToPath(new URL('../../packages/core/src/webhooks/signature.ts', import.meta.url));
const cases = RFC4231_CASES;

describe('signWebhookBody: RFC 4231 HMAC-SHA-256 test cases', () => {
  it('has the seven cases', () => {
    expect(cases.map((c) => c.case)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each(cases)('case $case', (c) => {
    const mac = signWebhookBody(c.data, c.key);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    // Case 5 is compared on its first 128 bits only.
    expect(c.truncateBytes ? mac.slice(0, c.truncateBytes * 2) : mac).toBe(c.expectedHex);
  });

  it('signs a string secret as its UTF-8 bytes (case 2: "Jefe")', () => {
    expect(signWebhookBody('what do ya want for nothing?', 'Jefe')).toBe(cases[1]!.expectedHex);
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'whsec_abc123';
  const body = JSON.stringify({
    id: 'evt_1',
    event: 'job.completed',
    created_at: '2026-01-01T00:00:00.000Z',
    data: { id: 'job_1' },
  });
  const good = signWebhookBody(body, secret);

  it('accepts the signature of the exact body, as string or bytes', () => {
    expect(verifyWebhookSignature(body, good, secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), good, secret)).toBe(true);
    expect(verifyWebhookSignature(new Uint8Array(Buffer.from(body)), good, secret)).toBe(true);
  });

  it('accepts a sha256= prefix and surrounding spaces', () => {
    expect(verifyWebhookSignature(body, `sha256=${good}`, secret)).toBe(true);
    expect(verifyWebhookSignature(body, ` ${good} `, secret)).toBe(true);
  });

  it('refuses a wrong secret', () => {
    expect(verifyWebhookSignature(body, good, 'whsec_other')).toBe(false);
    expect(verifyWebhookSignature(body, signWebhookBody(body, 'whsec_other'), secret)).toBe(false);
  });

  it('refuses a tampered body, even one that parses to the same JSON', () => {
    expect(verifyWebhookSignature(body.replace('job_1', 'job_2'), good, secret)).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), good, secret)).toBe(false);
    expect(verifyWebhookSignature(`${body}\n`, good, secret)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['uppercase hex', good.toUpperCase()],
    ['non-hex', `${good.slice(0, 63)}g`],
    ['short', good.slice(0, 62)],
    ['long', `${good}00`],
    ['prefix only', 'sha256='],
    ['other prefix', `sha1=${good}`],
    ['base64 of the MAC', Buffer.from(good, 'hex').toString('base64')],
  ])('refuses a %s header', (_name, header) => {
    expect(verifyWebhookSignature(body, header, secret)).toBe(false);
  });

  it('compares in constant time (timingSafeEqual on equal-length buffers, never ===)', () => {
    const source = fs.readFileSync(SIGNATURE_SOURCE, 'utf8');
    const verify = source.slice(source.indexOf('export function verifyWebhookSignature'));
    expect(verify).toMatch(/timingSafeEqual\(\s*Buffer\.from\(presented, 'hex'\),\s*Buffer\.from\(signWebhookBody\(/);
    // Only 64 hex digits get that far, so both buffers are 32 bytes and timingSafeEqual cannot throw.
    expect(verify).toMatch(/\/\^\[0-9a-f\]\{64\}\$\//);
    expect(verify).not.toMatch(/presented\s*[!=]==?|[!=]==?\s*presented/);
  });
});
