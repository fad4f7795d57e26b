/**
 * core's MessageParser on mailparser's simpleParser. mailparser is lenient: on malformed MIME it
 * returns what it could read rather than failing, so almost every message parses. What it returns
 * is passed on as the message gave it: hostile filenames (`../../x.pdf`, NUL bytes) stay unchanged
 * and content types stay declared (or guessed from the filename), because core sanitises names and
 * sniffs types itself, and needs the originals to do so. It runs in a parsing thread
 * (parse-thread.ts): mailparser decodes an attachment in synchronous steps, and a 20 MB one held
 * the thread that parsed it for 1.4 s of CPU at a stretch.
 */
import {
  simpleParser,
  type AddressObject,
  type EmailAddress,
  type HeaderLines,
  type Headers,
  type ParsedMail,
} from 'mailparser';
import type { MessageParser, ParsedAttachment, ParsedMessage } from '@intake/core/ports';

type ParseLimits = Parameters<MessageParser['parse']>[1];

/** When the time for one message runs out (`at`, epoch ms), and how long it had (`ms`). */
interface Deadline {
  at: number;
  ms: number;
}

/**
 * We read only the text, the headers and the attachments. The skipped work is what mailparser does
 * for display: an HTML version of the text with linkified URLs (linkify-it is its most expensive
 * step on hostile text) and cid: images copied into the HTML as base64 data: URLs (a copy of every
 * inline image). HTML to text stays on: an HTML-only message has no other `text`.
 */
const PARSE_OPTIONS = {
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  keepCidLinks: true,
} as const;

/** A raw RFC 5322 message to its headers, text and attachments, within `timeoutMs` of waiting. */
export async function parseMessage(raw: Uint8Array, limits: ParseLimits, timeoutMs: number): Promise<ParsedMessage> {
  // One budget for the message, the second looks below included.
  const deadline = { at: Date.now() + timeoutMs, ms: timeoutMs };
  const parsed = await parseBounded(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), deadline);
  const message = toParsedMessage(parsed, limits.maxAttachments);
  const text = message.text ?? (typeof parsed.html === 'string' ? await textOfHtml(parsed.html, deadline) : null);
  return { ...message, text, ...(await firstOfRepeated(parsed.headerLines, deadline)) };
}

/**
 * simpleParser settles once: its permanent 'error' listener on the parser swallows any error
 * mailparser emits after the first, so none of them becomes an uncaught 'error' event. What is
 * left to guard is ours: a rejection that arrives after the timeout has already answered must
 * still be handled (an unhandled rejection ends a Node process), hence the catch on `parsing`.
 * The timeout bounds waiting, not work: mailparser has no way to be cancelled, so a parse that
 * stalls stays in memory until it ends or its streams are collected, and a synchronous loop
 * would block the timer as well; the parsing thread is ended for that (message-parser.ts).
 */
async function parseBounded(raw: Buffer, deadline: Deadline): Promise<ParsedMail> {
  let parsing: Promise<ParsedMail>;
  try {
    parsing = simpleParser(raw, PARSE_OPTIONS);
  } catch (error) {
    parsing = Promise.reject(error);
  }
  parsing.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const left = Math.max(1, deadline.at - Date.now());
    timer = setTimeout(() => reject(new Error(`mailparser did not finish within ${deadline.ms} ms`)), left);
  });
  try {
    return await Promise.race([parsing.catch((error: unknown) => Promise.reject(mailparserFailed(error))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * mailparser turns HTML into text only when the HTML is the whole message or a text part exists
 * too: an HTML body beside attachments (multipart/mixed or related, no alternative) gets no text.
 * Parsing that HTML again as a message of its own makes mailparser derive it, with its own
 * html-to-text. This is an extra, so a failure here leaves the text null rather than the message.
 */
async function textOfHtml(html: string, deadline: Deadline): Promise<string | null> {
  const htmlOnly = Buffer.from(
    `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}`,
    'utf8',
  );
  try {
    const { text } = await parseBounded(htmlOnly, deadline);
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/**
 * For From, Subject and Message-ID mailparser keeps the last occurrence, and `headers` the first.
 * A message with two From headers is a spoofing attempt more often than not, and what the
 * relays in front checked (DMARC) and what a person's mail program shows is the first; so when
 * one of them is repeated, the first occurrences alone are parsed again and win.
 */
async function firstOfRepeated(lines: HeaderLines | undefined, deadline: Deadline): Promise<Partial<ParsedMessage>> {
  const keys = ['from', 'subject', 'message-id'];
  const repeated = keys.some((key) => (lines ?? []).filter((line) => line.key.toLowerCase() === key).length > 1);
  if (!repeated) return {};
  const first = keys.flatMap((key) => (lines ?? []).find((line) => line.key.toLowerCase() === key) ?? []);
  // Header lines are the message's bytes read as latin1: latin1 gives the same bytes back.
  const headerOnly = Buffer.from(`${first.map((line) => line.line).join('\r\n')}\r\n\r\n`, 'latin1');
  const { from, subject, messageId } = toParsedMessage(await parseBounded(headerOnly, deadline), 0);
  return { from, subject, messageId };
}

function mailparserFailed(error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`mailparser failed: ${reason}`, { cause: error });
}

function toParsedMessage(parsed: ParsedMail, maxAttachments: number): ParsedMessage {
  const attachments: ParsedAttachment[] = parsed.attachments
    .slice(0, Math.max(0, maxAttachments))
    .map((attachment) => ({
      filename: typeof attachment.filename === 'string' ? attachment.filename : null,
      // mailparser gives `false` for an empty media type (`Content-Type: ; name="x.jpg"`).
      contentType:
        typeof attachment.contentType === 'string' && attachment.contentType
          ? attachment.contentType
          : 'application/octet-stream',
      inline: attachment.contentDisposition === 'inline' || (attachment.related === true && Boolean(attachment.cid)),
      contentId: attachment.cid ? attachment.cid : null,
      content: new Uint8Array(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
    }));
  return {
    from: firstAddress(parsed.from),
    subject: typeof parsed.subject === 'string' ? parsed.subject : null,
    messageId: parsed.messageId ? parsed.messageId.trim().replace(/^<|>$/g, '').trim() || null : null,
    headers: headerRecord(parsed.headerLines, parsed.headers),
    text: typeof parsed.text === 'string' ? parsed.text : null,
    attachments,
  };
}

/** The first address of the header, looking inside groups (`undisclosed: a@b;`). */
function firstAddress(header: AddressObject | AddressObject[] | undefined): string | null {
  const find = (list: readonly EmailAddress[]): string | null => {
    for (const entry of list) {
      if (entry.address) return entry.address.toLowerCase();
      const inGroup = entry.group ? find(entry.group) : null;
      if (inGroup) return inGroup;
    }
    return null;
  };
  for (const object of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
    const found = find(object.value ?? []);
    if (found) return found;
  }
  return null;
}

/**
 * The first occurrence of each header. mailparser's `headers` map is made for display: address
 * headers become objects, Date a Date, List-* merge into `list`, X-Priority and Importance become
 * `priority`, and repeated "single" headers keep the last value. So the value comes from the raw
 * line (unfolded; header bytes are read as UTF-8, as mailparser does), except for a header that
 * occurs once and that the map holds as a plain string, whose decoded form (encoded-words,
 * `=?utf-8?...?=`) is taken instead.
 */
function headerRecord(lines: HeaderLines | undefined, decoded: Headers | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  const counts = new Map<string, number>();
  for (const { key } of lines ?? []) counts.set(key.toLowerCase(), (counts.get(key.toLowerCase()) ?? 0) + 1);
  for (const { key, line } of lines ?? []) {
    const name = key.toLowerCase();
    if (!name || Object.prototype.hasOwnProperty.call(result, name)) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const mapped = decoded?.get(name);
    const value =
      counts.get(name) === 1 && typeof mapped === 'string'
        ? mapped
        : Buffer.from(line.slice(colon + 1).replace(/\r?\n(?=[ \t])/g, ''), 'latin1')
            .toString('utf8')
            .trim();
    // defineProperty, not assignment: a header named `__proto__` must stay a header.
    Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
