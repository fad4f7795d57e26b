/**
 * The JSON thread's side (see json-threads.ts): a request body's bytes in; its value out, with the
 * one member that carries a document decoded from base64 and moved (not copied) back. Parsing and
 * decoding a 25 MB document's body costs hundreds of ms of CPU: here it does not hold the event
 * loop that answers HTTP and SMTP.
 */
import { parentPort } from 'node:worker_threads';
import { decodeBase64Text, parseJsonText, type JsonProblem } from './json-text.js';

export interface JsonThreadRequest {
  body: Uint8Array;
  /** The top-level member holding the document in base64 ("document", "testDocument"). */
  documentMember: string;
}

export type JsonThreadAnswer =
  | {
      /** The body without its document member (when the body is an object). */
      value: unknown;
      /** The document, decoded; undefined when the member is absent or not a string. */
      document: Uint8Array | undefined;
    }
  | { problem: JsonProblem }
  | { error: string };

function decode({ body, documentMember }: JsonThreadRequest): { answer: JsonThreadAnswer; transfer: ArrayBuffer[] } {
  const text = Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
  if (text.trim() === '') return { answer: { value: undefined, document: undefined }, transfer: [] };
  const parsed = parseJsonText(text, 'The body');
  if ('problem' in parsed) return { answer: parsed, transfer: [] };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { answer: { value, document: undefined }, transfer: [] };
  const { [documentMember]: encoded, ...rest } = value as Record<string, unknown>;
  if (typeof encoded !== 'string' || encoded === '') return { answer: { value, document: undefined }, transfer: [] };
  const document = decodeBase64Text(encoded);
  if (!document)
    return {
      answer: {
        problem: {
          message: `${documentMember} is not valid base64`,
          details: [{ path: documentMember, message: 'not valid base64' }],
        },
      },
      transfer: [],
    };
  // A buffer of its own to move: Buffer.from may have decoded into a shared pool.
  const own =
    document.byteOffset === 0 && document.byteLength === document.buffer.byteLength ? document : document.slice();
  return { answer: { value: rest, document: own }, transfer: [own.buffer as ArrayBuffer] };
}

const port = parentPort!;
port.on('message', (request: JsonThreadRequest) => {
  try {
    const { answer, transfer } = decode(request);
    port.postMessage(answer, transfer);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies JsonThreadAnswer);
  }
});
port.postMessage('ready');
