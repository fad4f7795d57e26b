import type { Context } from 'koa';
import busboy from 'busboy';
import { AppError, invalidRequest, type IncomingDocument } from '@intake/core';
import { readJsonBody } from './read-json-body.js';

export interface UploadLimits {
  maxDocumentBytes: number;
  /** Largest JSON body: base64 makes documents 4/3 larger. */
  maxJsonBytes: number;
}

const tooLarge = (max: number) =>
  new AppError('document_too_large', `The document exceeds the limit of ${Math.floor(max / 1_048_576)} MB (MAX_ATTACHMENT_SIZE_MB)`);

/**
 * Reads `POST /v1/documents` in either form: the spec's JSON (base64 `document`, `mime_type`,
 * `extractor_id`, `metadata`) or multipart/form-data (`file`, `extractor_id`, `metadata` as JSON).
 */
export async function readDocumentUpload(ctx: Context, limits: UploadLimits): Promise<Omit<IncomingDocument, 'idempotencyKey'>> {
  if (/^multipart\/form-data/i.test(ctx.get('content-type'))) return readMultipart(ctx, limits.maxDocumentBytes);
  let body: unknown;
  try {
    body = await readJsonBody(ctx, limits.maxJsonBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw tooLarge(limits.maxDocumentBytes);
    throw error;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest('The body must be a JSON object');
  const { extractor_id, document, mime_type, metadata, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) throw invalidRequest(`Unknown members: ${unknown.join(', ')}`, unknown.map((path) => ({ path, message: 'not a member of this request' })));
  if (typeof document !== 'string' || document === '') throw invalidRequest('document (base64) is required', [{ path: 'document', message: 'required' }]);
  if (typeof mime_type !== 'string' || mime_type === '') throw invalidRequest('mime_type is required', [{ path: 'mime_type', message: 'required' }]);
  if (Math.floor((document.length * 3) / 4) > limits.maxDocumentBytes + 3) throw tooLarge(limits.maxDocumentBytes);
  return { extractor_id, bytes: decodeBase64(document), declaredMimeType: mime_type, metadata };
}

/** Strict base64 (standard or URL alphabet, padding optional); a `data:...;base64,` prefix is allowed. */
function decodeBase64(text: string): Uint8Array {
  const payload = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw invalidRequest('document is not valid base64', [{ path: 'document', message: 'not valid base64' }]);
  }
  return new Uint8Array(Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

function readMultipart(ctx: Context, maxDocumentBytes: number): Promise<Omit<IncomingDocument, 'idempotencyKey'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { bytes: Uint8Array; mimeType: string } | undefined;
    let failure: Error | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: maxDocumentBytes, fields: 10, fieldSize: 65_536 } });
    } catch (error) {
      return reject(invalidRequest(`Malformed multipart body: ${(error as Error).message}`));
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        failure ??= invalidRequest(`Unexpected file part "${name}"; send the document as "file"`);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
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
    parser.on('error', (error: Error) => reject(invalidRequest(`Malformed multipart body: ${error.message}`)));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file) return reject(invalidRequest('The multipart body has no "file" part', [{ path: 'file', message: 'required' }]));
      let metadata: unknown;
      if (fields.metadata !== undefined && fields.metadata !== '') {
        try {
          metadata = JSON.parse(fields.metadata);
        } catch {
          return reject(invalidRequest('metadata must be a JSON object', [{ path: 'metadata', message: 'not valid JSON' }]));
        }
      }
      // A part type of application/octet-stream says nothing (curl's default): the magic bytes decide.
      const partType = file.mimeType === 'application/octet-stream' ? undefined : file.mimeType;
      resolve({ extractor_id: fields.extractor_id, bytes: file.bytes, declaredMimeType: fields.mime_type ?? partType, metadata });
    });
    ctx.req.pipe(parser);
  });
}
