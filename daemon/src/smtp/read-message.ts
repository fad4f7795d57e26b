import type { SMTPServerDataStream } from 'smtp-server';
import { REPLIES } from './smtp-replies.js';

export interface MessageLimits {
  maxMessageBytes: number;
  maxMimeParts: number;
  maxLineBytes: number;
}

/** The whole message, or a refusal once it is over a limit (the rest is read and dropped). */
export async function readMessage(stream: SMTPServerDataStream, limits: MessageLimits): Promise<Uint8Array> {
  const { maxMimeParts, maxLineBytes } = limits;
  const chunks: Buffer[] = [];
  let bytes = 0;
  let lineBytes = 0;
  let longestLine = 0;
  let parts = 0;
  let tail = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (stream.sizeExceeded) continue;
    bytes += chunk.length;
    chunks.push(chunk);
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
      lineBytes += nl - from;
      if (lineBytes > longestLine) longestLine = lineBytes;
      lineBytes = 0;
      from = nl + 1;
    }
    lineBytes += chunk.length - from;
    // One Content-Type header per MIME part; the search keeps a little of the previous chunk.
    const text = tail + chunk.toString('latin1');
    parts += (text.match(/\ncontent-type\s*:/gi) ?? []).length;
    tail = text.slice(-16).replace(/^[^\n]*\ncontent-type\s*:/i, '');
  }
  if (lineBytes > longestLine) longestLine = lineBytes;
  if (stream.sizeExceeded) throw REPLIES.tooBig(limits.maxMessageBytes);
  if (longestLine > maxLineBytes) throw REPLIES.lineTooLong(maxLineBytes);
  if (parts > maxMimeParts) throw REPLIES.tooManyParts(maxMimeParts);
  if (bytes === 0) throw REPLIES.empty();
  return new Uint8Array(Buffer.concat(chunks, bytes));
}
