import { describe, expect, it } from 'vitest';
import { parseDomainList, parseRecipient, sanitizeFilename } from '@intake/core/email';

describe('parseRecipient', () => {
  const domains = parseDomainList('Example.com, mail.acme.example.');
  it('reads prefix and tag case-insensitively for our domains only', () => {
    expect(domains).toEqual(['example.com', 'mail.acme.example']);
    expect(parseRecipient('AP+March@EXAMPLE.com', domains)).toEqual({
      ok: true,
      prefix: 'ap',
      tag: 'march',
      domain: 'example.com',
    });
    expect(parseRecipient('ap@mail.acme.example.', domains)).toEqual({
      ok: true,
      prefix: 'ap',
      tag: null,
      domain: 'mail.acme.example',
    });
    expect(parseRecipient('ap+@example.com', domains)).toMatchObject({ ok: true, tag: null });
    expect(parseRecipient('ap+a+b@example.com', domains)).toMatchObject({ ok: true, prefix: 'ap', tag: 'a+b' });
  });
  it('refuses foreign domains, odd local parts and reserved prefixes', () => {
    expect(parseRecipient('ap@evil.example', domains)).toEqual({ ok: false, reason: 'foreign_domain' });
    expect(parseRecipient('ap@sub.example.com', domains)).toEqual({ ok: false, reason: 'foreign_domain' });
    expect(parseRecipient('a.b@example.com', domains)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseRecipient('@example.com', domains)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseRecipient('ap@', domains)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseRecipient('+tag@example.com', domains)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseRecipient('Postmaster@example.com', domains)).toEqual({ ok: false, reason: 'reserved_prefix' });
    expect(parseRecipient('no-reply+x@example.com', domains)).toEqual({ ok: false, reason: 'reserved_prefix' });
  });
});

describe('sanitizeFilename', () => {
  it.each([
    ['../../etc/cron.d/x.pdf', 'x.pdf'],
    ['C:\\Users\\me\\invoice.pdf', 'invoice.pdf'],
    ['inv\u0000oice.pdf', 'invoice.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['...hidden.pdf', 'hidden.pdf'],
    ['a<b>:c"d|e?f*.pdf', 'a_b__c_d_e_f_.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['  spaced   name .pdf  ', 'spaced name .pdf'],
    ['Rechnung März.pdf', 'Rechnung März.pdf'],
    // Issue 32, item 5: a name that is only an extension keeps it (' .pdf' was stored as 'pdf').
    [' .pdf', 'attachment-1.pdf'],
    ['.pdf', 'attachment-1.pdf'],
    ['\u00a0 ..PDF', 'attachment-1.PDF'],
    ['. pdf', 'attachment-1.pdf'],
    ['x/ .png', 'attachment-1.png'],
    ['.tar.gz', 'tar.gz'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFilename(raw, 0, 'application/pdf')).toBe(expected);
  });
  it('names nameless attachments by position and content, and keeps the extension of long names', () => {
    expect(sanitizeFilename(null, 2, 'image/png')).toBe('attachment-3.png');
    expect(sanitizeFilename('../..', 0, null)).toBe('attachment-1');
    const long = sanitizeFilename(`${'é'.repeat(300)}.pdf`, 0, 'application/pdf');
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
