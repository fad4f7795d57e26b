import type { Context } from 'koa';
import busboy from 'busboy';
import { AppError, type IncomingDocument } from '@intake/core';
import { invalidRequest } from '@intake/core/shared';
import { readDocumentBody, type BodyState } from './read-json-body.js';
import type { JsonThread } from './json-thread/json-threads.js';
import { MB } from '../config/limits.js';
import { isUnstorable, parseRequestJson, unstorableReason } from './request-text.js';

export interface UploadLimits {
  maxDocumentBytes: number;
  /** Largest JSON body: base64 makes documents 4/3 larger. */
  maxJsonBytes: number;
}

const tooLarge = (max: number) =>
  new AppError(
    'document_too_large',
    `The document exceeds the limit of ${Math.floor(max / MB)} MB (MAX_ATTACHMENT_SIZE_MB)`,
  );

/**
 * Reads `POST /v1/documents` in either form: the spec's JSON (base64 `document`, `mime_type`,
 * `extractor_id`, `metadata`) or multipart/form-data (`file`, `extractor_id`, `metadata` as JSON).
 */
export async function readDocumentUpload(
  ctx: Context,
  limits: UploadLimits,
  thread: JsonThread,
): Promise<Omit<IncomingDocument, 'idempotencyKey'>> {
  if (/^multipart\/form-data/i.test(ctx.get('content-type'))) return readMultipart(ctx, limits.maxDocumentBytes);
  let decoded;
  try {
    decoded = await readDocumentBody(ctx, limits.maxJsonBytes, thread, 'document');
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw tooLarge(limits.maxDocumentBytes);
    throw error;
  }
  const body = decoded.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('The body must be a JSON object');
  const { extractor_id, document, mime_type, metadata, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length)
    throw invalidRequest(
      `Unknown members: ${unknown.join(', ')}`,
      unknown.map((path) => ({ path, message: 'not a member of this request' })),
    );
  // The thread took a base64 `document` out of the body and decoded it; what is left is not one.
  const bytes = decoded.document;
  if (!bytes || document !== undefined)
    throw invalidRequest('document (base64) is required', [{ path: 'document', message: 'required' }]);
  if (typeof mime_type !== 'string' || mime_type === '')
    throw invalidRequest('mime_type is required', [{ path: 'mime_type', message: 'required' }]);
  if (bytes.length > limits.maxDocumentBytes) throw tooLarge(limits.maxDocumentBytes);
  return { extractor_id, bytes, declaredMimeType: mime_type, metadata };
}

/**
 * multipart/form-data through busboy. Every way a body can end badly (cut short, garbage, the client
 * gone) settles the promise with an error: busboy reports a truncated body on the parser *and* on
 * the file stream in progress, and a stream's 'error' without a listener ends the process.
 */
function readMultipart(ctx: Context, maxDocumentBytes: number): Promise<Omit<IncomingDocument, 'idempotencyKey'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { bytes: Uint8Array; mimeType: string } | undefined;
    let failure: Error | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: maxDocumentBytes, fields: 10, fieldSize: 65_536 },
      });
    } catch (error) {
      return reject(malformed(error));
    }
    const fail = (error: Error) => {
      ctx.req.unpipe(parser);
      // Whatever else the client sends is read and dropped, so the 400 can be answered.
      ctx.req.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', (error: Error) => fail(malformed(error)));
      if (name !== 'file') {
        stream.resume();
        failure ??= invalidRequest(`Unexpected file part "${name}"; send the document as "file"`);
        return;
      }
      const chunks: Buffer[] = [];
      const state = ctx.state as BodyState;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        state.bodyBytes = (state.bodyBytes ?? 0) + chunk.length;
      });
      stream.on('limit', () => {
        failure ??= tooLarge(maxDocumentBytes);
      });
      stream.on('end', () => {
        file = { bytes: new Uint8Array(Buffer.concat(chunks)), mimeType: info.mimeType };
      });
    });
    parser.on('filesLimit', () => {
      failure ??= invalidRequest('Send one file per request');
    });
    parser.on('error', (error: Error) => fail(malformed(error)));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file)
        return reject(invalidRequest('The multipart body has no "file" part', [{ path: 'file', message: 'required' }]));
      try {
        resolve(toUpload(fields, file));
      } catch (error) {
        reject(error);
      }
    });
    // A client that hangs up mid-body: the error names the abort, which the request log treats as the client's doing.
    ctx.req.on('error', (error) => fail(error));
    ctx.req.on('aborted', () =>
      fail(
        Object.assign(new Error('The client closed the connection before the body was read'), { code: 'ECONNRESET' }),
      ),
    );
    ctx.req.pipe(parser);
  });
}

const malformed = (error: unknown) => invalidRequest(`Malformed multipart body: ${(error as Error).message}`);

/** The form's fields as an upload; text fields are held to the JSON body's rules. */
function toUpload(
  fields: Record<string, string>,
  file: { bytes: Uint8Array; mimeType: string },
): Omit<IncomingDocument, 'idempotencyKey'> {
  for (const name of ['extractor_id', 'mime_type'] as const) {
    const value = fields[name];
    if (value !== undefined && isUnstorable(value))
      throw invalidRequest(`${name} ${unstorableReason(value)}`, [{ path: name, message: unstorableReason(value) }]);
  }
  const metadata =
    fields.metadata !== undefined && fields.metadata !== '' ? parseRequestJson(fields.metadata, 'metadata') : undefined;
  // A part type of application/octet-stream says nothing (curl's default): the magic bytes decide.
  const partType = file.mimeType === 'application/octet-stream' ? undefined : file.mimeType;
  return {
    extractor_id: fields.extractor_id,
    bytes: file.bytes,
    declaredMimeType: fields.mime_type ?? partType,
    metadata,
  };
}
