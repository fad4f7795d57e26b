/**
 * The mail parser on messages built here with nodemailer's MailComposer: the cases no public
 * fixture covers (hostile filenames, a zero-byte part) and the fields core reads. The parser must
 * hand everything back as the message gave it; sanitising names and sniffing types is core's job.
 */
import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createMailParser } from '@intake/mail-documents';
import { eventually } from '../support/wait.js';

const parser = createMailParser();
const limits = { maxAttachments: 50 };

async function compose(options: MailComposer.Options): Promise<Buffer> {
  return new MailComposer({
    from: 'Alice Example <Alice@Example.COM>',
    to: 'inbox@intake.test',
    subject: 'Invoices',
    ...options,
  })
    .compile()
    .build();
}

const pdfBytes = Buffer.from('%PDF-1.4\n% not a real PDF, only its magic\n%%EOF\n');
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('mail parser on composed messages', () => {
  it('returns hostile filenames raw, and the bytes identical', async () => {
    const names = ['../../etc/x.pdf', 'C:\\x\\y.pdf', 'inv\u0000oice.pdf', '../../../etc/cron.d/x'];
    const raw = await compose({
      text: 'See attached.',
      attachments: names.map((filename, i) => ({ filename, content: Buffer.concat([pdfBytes, Buffer.from([i])]) })),
    });
    const parsed = await parser.parse(raw, limits);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(names);
    parsed.attachments.forEach((a, i) => {
      expect(Buffer.from(a.content).equals(Buffer.concat([pdfBytes, Buffer.from([i])]))).toBe(true);
      expect(a.content).toBeInstanceOf(Uint8Array);
      expect(a.inline).toBe(false);
      expect(a.contentId).toBeNull();
    });
    // Types are declared (by the composer, from the name) or guessed from the name: never trusted.
    expect(parsed.attachments[0]!.contentType).toBe('application/pdf');
  });

  it('returns a zero-byte attachment and one without a name', async () => {
    const raw = await compose({
      text: 'Empty one attached.',
      attachments: [
        { filename: 'empty.pdf', content: Buffer.alloc(0) },
        { filename: false, content: pdfBytes, contentType: 'application/pdf' },
      ],
    });
    const parsed = await parser.parse(raw, limits);
    expect(parsed.attachments).toHaveLength(2);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'empty.pdf', contentType: 'application/pdf' });
    expect(parsed.attachments[0]!.content.byteLength).toBe(0);
    expect(parsed.attachments[1]!.filename).toBeNull();
    expect(Buffer.from(parsed.attachments[1]!.content).equals(pdfBytes)).toBe(true);
  });

  it('marks an image referenced by cid from the HTML as inline, with its content id', async () => {
    const raw = await compose({
      html: '<p>Our logo: <img src="cid:logo@intake.test"></p><p>Invoice attached.</p>',
      attachments: [
        { filename: 'logo.png', content: pngBytes, cid: 'logo@intake.test' },
        { filename: 'invoice.pdf', content: pdfBytes },
      ],
    });
    const parsed = await parser.parse(raw, limits);
    const logo = parsed.attachments.find((a) => a.filename === 'logo.png')!;
    const invoice = parsed.attachments.find((a) => a.filename === 'invoice.pdf')!;
    expect(logo).toMatchObject({ inline: true, contentId: 'logo@intake.test', contentType: 'image/png' });
    expect(Buffer.from(logo.content).equals(pngBytes)).toBe(true);
    expect(invoice).toMatchObject({ inline: false, contentId: null });
    // mailparser alone gives no text for an HTML body beside attachments: the adapter derives it,
    // from the HTML as it was (the cid link not replaced by a data: URL).
    expect(parsed.text).toContain('Invoice attached.');
    expect(parsed.text).toContain('[cid:logo@intake.test]');
    expect(parsed.text).not.toContain('data:');
  });

  it('derives the text from an HTML-only message', async () => {
    const raw = await compose({
      html: '<h1>Invoice</h1><p>Total: <b>1,200.00</b><br>Due in 30 days.</p><script>evil()</script>',
    });
    const parsed = await parser.parse(raw, limits);
    expect(parsed.text).toContain('INVOICE');
    expect(parsed.text).toContain('Total: 1,200.00\nDue in 30 days.');
    expect(parsed.text).not.toContain('<');
  });

  it('marks a part with Content-Disposition inline as inline even outside multipart/related', async () => {
    const raw = await compose({
      text: 'Scan inline.',
      attachments: [{ filename: 'scan.png', content: pngBytes, contentDisposition: 'inline' }],
    });
    const [scan] = (await parser.parse(raw, limits)).attachments;
    expect(scan).toMatchObject({ filename: 'scan.png', inline: true });
  });

  it('returns a wrong declared type as declared', async () => {
    const raw = await compose({
      text: 'Wrong types.',
      attachments: [
        { filename: 'invoice.png', content: pdfBytes, contentType: 'image/png' },
        { filename: 'photo.jpg', content: pdfBytes, contentType: 'text/plain' },
        { filename: 'scan.pdf', content: pngBytes, contentType: 'application/octet-stream' },
      ],
    });
    const parsed = await parser.parse(raw, limits);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['invoice.png', 'image/png'],
      ['photo.jpg', 'text/plain'],
      // mailparser's guess from the name for application/octet-stream (see shared/NOTES.md).
      ['scan.pdf', 'application/pdf'],
    ]);
    expect(Buffer.from(parsed.attachments[2]!.content).equals(pngBytes)).toBe(true);
  });

  it('reads from, subject, message id, text and headers', async () => {
    const raw = await compose({
      subject: 'Rechnung März =?not-a-word?=',
      messageId: '<abc.123@mail.example.com>',
      text: 'Hello\nworld',
      headers: {
        'Auto-Submitted': 'auto-generated',
        'X-Loop': 'intake',
        'X-Priority': '1 (Highest)',
        'List-Id': 'Invoices <invoices.example.com>',
      },
    });
    const parsed = await parser.parse(raw, limits);
    expect(parsed.from).toBe('alice@example.com');
    expect(parsed.subject).toBe('Rechnung März =?not-a-word?=');
    expect(parsed.messageId).toBe('abc.123@mail.example.com');
    expect(parsed.text?.trimEnd()).toBe('Hello\nworld');
    expect(parsed.attachments).toEqual([]);
    expect(parsed.headers).toMatchObject({
      'auto-submitted': 'auto-generated',
      'x-loop': 'intake',
      'x-priority': '1 (Highest)',
      'list-id': 'Invoices <invoices.example.com>',
      subject: 'Rechnung März =?not-a-word?=',
      from: 'Alice Example <Alice@example.com>', // the composer lowercased the domain
      to: 'inbox@intake.test',
      'message-id': '<abc.123@mail.example.com>',
    });
    expect(parsed.headers['date']).toMatch(/^\w{3}, \d{2} \w{3} \d{4}/);
    expect(parsed.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
  });

  it('keeps the first of repeated headers (raw) and of From, Subject, Message-ID, and a header named __proto__ as a header', async () => {
    const raw = Buffer.from(
      [
        'Received: from first.example (first [192.0.2.1])',
        '\tby mx.example; Mon, 2 Mar 2026 10:00:00 +0000',
        'Received: from second.example',
        'From: undisclosed-recipients:;, Bob <BOB@Example.org>',
        'From: carol@example.org',
        '__proto__: polluted',
        'Subject: =?utf-8?B?w5xiZXI=?=',
        'Message-ID: <first@example.org>',
        'Subject: second',
        'Message-ID: <second@example.org>',
        '',
        'body',
        '',
      ].join('\r\n'),
    );
    const parsed = await parser.parse(raw, limits);
    expect(parsed.headers['received']).toBe(
      'from first.example (first [192.0.2.1])\tby mx.example; Mon, 2 Mar 2026 10:00:00 +0000',
    );
    expect(parsed.headers['from']).toBe('undisclosed-recipients:;, Bob <BOB@Example.org>');
    expect(Object.getPrototypeOf(parsed.headers)).toBe(Object.prototype);
    expect(Object.keys(parsed.headers)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(parsed.headers, '__proto__')?.value).toBe('polluted');
    // Repeated, so raw in headers (a header that occurs once is decoded: previous test).
    expect(parsed.headers['subject']).toBe('=?utf-8?B?w5xiZXI=?=');
    expect(parsed.subject).toBe('Über');
    // mailparser alone would answer the last From, Subject and Message-ID.
    expect(parsed.from).toBe('bob@example.org');
    expect(parsed.messageId).toBe('first@example.org');
    expect(parsed.headers['message-id']).toBe('<first@example.org>');
    expect(parsed.text).toBe('body\n');
  });

  it('answers null for what a message lacks, and parses garbage and empty input without throwing', async () => {
    const bare = await parser.parse(Buffer.from('just some text, no headers at all\r\n'), limits);
    expect(bare).toMatchObject({ from: null, subject: null, messageId: null, attachments: [] });
    const empty = await parser.parse(new Uint8Array(0), limits);
    expect(empty).toMatchObject({
      from: null,
      subject: null,
      messageId: null,
      text: null,
      attachments: [],
      headers: {},
    });
    const binary = await parser.parse(new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), limits);
    expect(binary.attachments).toEqual([]);
  });

  it('reads a Uint8Array view into a larger buffer without its neighbours', async () => {
    const message = await compose({ text: 'view', attachments: [{ filename: 'a.pdf', content: pdfBytes }] });
    const backing = new Uint8Array(message.length + 200).fill(0x41);
    backing.set(message, 100);
    const parsed = await parser.parse(backing.subarray(100, 100 + message.length), limits);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['a.pdf']);
  });

  it('ends its threads once idle, and parses the next message in a fresh one', async () => {
    const idle = createMailParser({ idleMs: 100 });
    const raw = await compose({ text: 'See attached.', attachments: [{ filename: 'a.pdf', content: pdfBytes }] });
    expect((await idle.parse(raw, limits)).attachments[0]!.filename).toBe('a.pdf');
    // Its idle time starts as the message is answered.
    expect(idle.liveThreads).toBe(1);
    await eventually(
      () => `the idle thread to end (${idle.liveThreads} alive)`,
      () => idle.liveThreads === 0,
    );
    const both = await Promise.all([idle.parse(raw, limits), idle.parse(raw, limits)]);
    expect(both.map((parsed) => Buffer.from(parsed.attachments[0]!.content).equals(pdfBytes))).toEqual([true, true]);
    await eventually(
      () => `both idle threads to end (${idle.liveThreads} alive)`,
      () => idle.liveThreads === 0,
    );
    expect((await idle.parse(raw, limits)).attachments).toHaveLength(1);
    expect(idle.liveThreads).toBe(1);
  });

  it('keeps its thread for the messages that follow within idleMs', async () => {
    const kept = createMailParser({ idleMs: 60_000 });
    for (const subject of ['one', 'two', 'three']) {
      expect((await kept.parse(await compose({ subject, text: 'x' }), limits)).subject).toBe(subject);
      expect(kept.liveThreads).toBe(1);
    }
  });
});
