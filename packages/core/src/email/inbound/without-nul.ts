import type { ParsedMessage } from '../../ports/message-parser.port.js';

/**
 * PostgreSQL and PGlite store no U+0000 in text or jsonb, and a message may carry it in any header
 * or file name: the subject, a sender's name, a part's filename. Such a value reached job metadata
 * and failed the message on every attempt. It is removed from every text of the parsed message as
 * soon as it is parsed (attachment contents are bytes and stay as they are).
 */
export function withoutNul(parsed: ParsedMessage): ParsedMessage {
  return {
    ...parsed,
    from: clean(parsed.from),
    subject: clean(parsed.subject),
    messageId: clean(parsed.messageId),
    text: clean(parsed.text),
    headers: cleanHeaders(parsed.headers),
    attachments: parsed.attachments.map((a) => ({
      ...a,
      filename: clean(a.filename),
      contentType: clean(a.contentType) ?? '',
      contentId: clean(a.contentId),
    })),
  };
}

export function cleanHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // defineProperty: a header named __proto__ is data, not a prototype.
    Object.defineProperty(out, name.replace(NUL, ''), {
      value: value.replace(NUL, ''),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

// eslint-disable-next-line no-control-regex -- NUL is what this removes
const NUL = /\u0000/g;

export const clean = <T extends string | null>(value: T): T => (value === null ? value : (value.replace(NUL, '') as T));
