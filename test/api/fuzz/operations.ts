import http from 'node:http';
import net from 'node:net';
import type { Operation, FuzzRequest } from './malformed-requests.js';

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
}

/** Every operation of an OpenAPI document, with what the fuzzer needs to know about it. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      const schema = resolve(content['application/json']?.schema);
      operations.push({
        method,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyMembers: Object.keys(schema?.properties ?? {}),
        hasBody: op.requestBody !== undefined,
        upload: 'multipart/form-data' in content,
        authenticated: (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

export interface RawResponse {
  status: number;
  body: unknown;
  /** The raw text, for failure messages. */
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends a request as written: one piece with Content-Length, several pieces chunked. The server
 * may answer (413, 400) before the body is written in full and close the connection; the answer
 * counts, the client's write error after it does not.
 */
export function send(baseUrl: string, req: FuzzRequest): Promise<RawResponse> {
  if (req.raw) return sendRaw(baseUrl, req.raw);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body.length === 1) headers['content-length'] = req.body[0]!.length;
    // Node's client chunks GET and DELETE bodies only when told to (else the pieces go unframed).
    else if (req.body.length > 1) headers['transfer-encoding'] = 'chunked';
    let answered = false;
    const out = http.request(`${baseUrl}${req.url}`, { method: req.method, headers, agent, timeout: 30_000 }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    out.on('timeout', () => out.destroy(new Error(`no answer within 30 s to ${req.method} ${req.url.slice(0, 200)}`)));
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) reject(error);
    });
    if (req.body.length > 1) for (const piece of req.body) out.write(piece);
    out.end(req.body.length === 1 ? req.body[0] : undefined);
  });
}

/** Writes bytes to a new connection and reads the first answer, until the server closes it. */
function sendRaw(baseUrl: string, bytes: Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error('no answer within 30 s to raw bytes')));
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A reset after the answer (the server closing with bytes unread) still leaves the answer.
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      if (!chunks.length) return reject(new Error('the server closed the connection without an answer'));
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const headEnd = text.indexOf('\r\n\r\n');
      const head = text.slice(0, headEnd);
      let rest = text.slice(headEnd + 4);
      if (/^transfer-encoding: chunked/im.test(head)) rest = dechunk(rest);
      const length = /^content-length: (\d+)/im.exec(head)?.[1];
      const bodyText = length ? Buffer.from(rest).subarray(0, Number(length)).toString('utf8') : rest;
      let body: unknown;
      try {
        body = JSON.parse(bodyText);
      } catch {
        body = undefined;
      }
      resolve({ status, body, text });
    });
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 4 + size);
  }
}

export const closeAgent = () => agent.destroy();
