import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentError } from '@intake/core';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { makeInvoicePdf, TINY_PNG } from '../support/fixtures.js';
import { failOnEscapedErrors } from './escaped-errors.js';

/**
 * Issue 13, defect 1 (second half): the parsers behind the request paths (POST /v1/documents and
 * the email test endpoint read documents; mail in parses messages) are driven with truncated and
 * garbage input. Each must settle (resolve, or reject with an error the caller maps), and nothing
 * may escape to the process as an uncaught 'error' event or unhandled rejection.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 13);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3) * 5;

failOnEscapedErrors();

/** Cuts at a fraction of the length (never the whole). */
const truncated = (bytes: Uint8Array) =>
  fc.double({ min: 0, max: 0.999, noNaN: true }).map((f) => bytes.subarray(0, Math.floor(bytes.length * f)));

/** Random bytes after a real header, so the parser gets past its magic-byte check. */
const behindMagic = (magic: string) =>
  fc
    .uint8Array({ maxLength: 2_000 })
    .map((tail) => new Uint8Array(Buffer.concat([Buffer.from(magic, 'latin1'), tail])));

/** A byte string with some bytes flipped. */
const corrupted = (bytes: Uint8Array) =>
  fc
    .array(fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 20 })
    .map((flips) => {
      const copy = new Uint8Array(bytes);
      for (const [at, value] of flips) copy[at] = value;
      return copy;
    });

describe('document reader (PDF and images) with truncated and garbage bytes', () => {
  const reader = createTesseractReader({ workers: 1 });
  afterAll(() => reader.close());

  it(
    'inspect() always resolves; read() resolves or rejects with document_unreadable (or document_too_large)',
    { timeout: 300_000 },
    async () => {
      const pdf = await makeInvoicePdf();
      const png = new Uint8Array(TINY_PNG);
      const inputs = fc.oneof(
        truncated(pdf),
        corrupted(pdf),
        truncated(png),
        corrupted(png),
        behindMagic('%PDF-1.7\n'),
        behindMagic('\x89PNG\r\n\x1a\n'),
        behindMagic('\xff\xd8\xff\xe0'),
        behindMagic('RIFF\x10\x00\x00\x00WEBPVP8 '),
        behindMagic('II*\x00'),
        behindMagic('MM\x00*'),
        fc.uint8Array({ maxLength: 500 }),
      );
      const outcomes = { read: 0, unreadable: 0 };
      await fc.assert(
        fc.asyncProperty(inputs, async (bytes) => {
          const inspection = await reader.inspect(bytes);
          expect(inspection.pageCount).toBeGreaterThanOrEqual(0);
          try {
            await reader.read(bytes, 'application/pdf');
            outcomes.read++;
          } catch (error) {
            // document_too_large: the page and pixel limits, checked before rendering.
            expect(['document_unreadable', 'document_too_large'], String(error)).toContain(
              error instanceof DocumentError ? error.code : String(error),
            );
            outcomes.unreadable++;
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
      process.stderr.write(
        `document reader garbage: ${RUNS} inputs, ${outcomes.read} read, ${outcomes.unreadable} document_unreadable\n`,
      );
    },
  );
});

describe('mail parser with truncated and garbage messages', () => {
  const parser = createMailParser();
  const message = Buffer.from(
    [
      'From: Sender <a@example.test>',
      'To: ap@example.test',
      'Subject: =?UTF-8?B?SW52b2ljZQ==?=',
      'Message-ID: <m1@example.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: multipart/alternative; boundary="b2"',
      '',
      '--b2',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hello =C3=A9 world',
      '--b2',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hello <b>world</b></p>',
      '--b2--',
      '--b1',
      'Content-Type: application/pdf; name="a.pdf"',
      'Content-Disposition: attachment; filename="a.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 a small attachment body').toString('base64'),
      '--b1',
      'Content-Type: image/png',
      "Content-Disposition: inline; filename*=UTF-8''%C3%A9.png",
      'Content-Transfer-Encoding: base64',
      '',
      TINY_PNG.toString('base64'),
      '--b1--',
      '',
    ].join('\r\n'),
  );

  it(
    'parse() settles on every input: truncated, corrupted, bare LF, NUL bytes, random bytes',
    { timeout: 120_000 },
    async () => {
      const inputs = fc.oneof(
        truncated(new Uint8Array(message)),
        corrupted(new Uint8Array(message)),
        fc.constant(new Uint8Array(Buffer.from(message.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'))),
        fc.constant(new Uint8Array(Buffer.from(message.toString('latin1').replace(/\r\n/g, '\r'), 'latin1'))),
        fc
          .nat({ max: message.length - 1 })
          .map(
            (at) => new Uint8Array(Buffer.concat([message.subarray(0, at), Buffer.alloc(50), message.subarray(at)])),
          ),
        fc.uint8Array({ maxLength: 2_000 }),
        // Any code points as UTF-8 (what fc.string's 'binary' unit draws, without the second of CPU that
        // arbitrary spends mapping every code point back for its shrinker).
        fc
          .array(fc.nat({ max: 0x10ffff }), { maxLength: 500 })
          .map((points) => String.fromCodePoint(...points))
          .map((s) => new Uint8Array(Buffer.from(`Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n${s}`))),
      );
      let parsed = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(inputs, async (raw) => {
          try {
            const result = await parser.parse(raw, { maxAttachments: 10 });
            expect(Array.isArray(result.attachments)).toBe(true);
            parsed++;
          } catch (error) {
            // The port asks for no throw on malformed MIME; a rejection must at least be an Error the worker records.
            expect(error).toBeInstanceOf(Error);
            refused++;
          }
        }),
        { seed: SEED, numRuns: RUNS * 4 },
      );
      process.stderr.write(`mail parser garbage: ${RUNS * 4} messages, ${parsed} parsed, ${refused} refused\n`);
      expect(parsed).toBeGreaterThan(0);
    },
  );
});

describe('PDF combiner with truncated and garbage documents', () => {
  const combiner = createPdfCombiner();

  it('combine() resolves or rejects, and nothing escapes', { timeout: 120_000 }, async () => {
    const pdf = await makeInvoicePdf();
    const png = new Uint8Array(TINY_PNG);
    const doc = fc.oneof(
      truncated(pdf).map((bytes) => ({ bytes, mimeType: 'application/pdf' })),
      corrupted(pdf).map((bytes) => ({ bytes, mimeType: 'application/pdf' })),
      truncated(png).map((bytes) => ({ bytes, mimeType: 'image/png' })),
      behindMagic('\xff\xd8\xff\xe0').map((bytes) => ({ bytes, mimeType: 'image/jpeg' })),
      fc.constant({ bytes: pdf, mimeType: 'application/pdf' }),
    );
    let combined = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { minLength: 1, maxLength: 3 }), async (docs) => {
        try {
          await combiner.combine(docs);
          combined++;
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          refused++;
        }
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    process.stderr.write(`PDF combiner garbage: ${RUNS * 2} sets, ${combined} combined, ${refused} refused\n`);
  });
});
