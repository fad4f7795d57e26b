import http from 'node:http';
import type { AdminOperations } from './admin-operations.js';

/** Admin operations sent to the daemon that holds the data directory, over its lock socket. */
export function remoteAdminOperations(socketPath: string, secret: string): AdminOperations {
  const call = (path: string, body: unknown) => postJson(socketPath, secret, path, body);
  return {
    createOrganization: (input) => call('/admin/orgs', input) as never,
    createApiKey: (input) => call('/admin/keys', input) as never,
    addCredits: (input) => call('/admin/credits', input) as never,
    updateOrganization: (input) => call('/admin/orgs/update', input) as never,
    createWebhookEndpoint: (input) => call('/admin/webhooks', input) as never,
    listWebhookEndpoints: (input) => call('/admin/webhooks/list', input) as never,
    listOrganizations: (input) => call('/admin/orgs/list', input) as never,
    listApiKeys: (input) => call('/admin/keys/list', input) as never,
    revokeApiKey: (input) => call('/admin/keys/revoke', input) as never,
    status: () => call('/admin/operations/status', {}) as never,
    retention: (input) => call('/admin/operations/retention', input) as never,
    dumpDatabase: async () => {
      const body = (await postJson(socketPath, secret, '/admin/operations/database-dump', {}, 'bytes')) as Buffer;
      return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    },
    close: async () => {},
  };
}

/** An admin call that failed on the daemon's side; carries the daemon's error body. */
export class RemoteAdminError extends Error {
  override name = 'RemoteAdminError';
  constructor(
    readonly status: number,
    readonly body: { error?: { code?: string; message?: string; details?: unknown } },
  ) {
    super(body.error?.message ?? `admin request failed with status ${status}`);
  }
}

/** A daemon answers 503 until it has opened its database: wait for it this long. */
const STARTING_WAIT_MS = 60_000;

/** The answer as parsed JSON, or (`bytes`) as the raw body of a successful answer. */
type Answer = 'json' | 'bytes';

async function postJson(
  socketPath: string,
  secret: string,
  path: string,
  body: unknown,
  answer: Answer = 'json',
): Promise<unknown> {
  const deadline = Date.now() + STARTING_WAIT_MS;
  for (;;) {
    try {
      return await postOnce(socketPath, secret, path, body, answer);
    } catch (error) {
      if (!(error instanceof RemoteAdminError && error.status === 503) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function postOnce(socketPath: string, secret: string, path: string, body: unknown, answer: Answer): Promise<unknown> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (answer === 'bytes' && (res.statusCode ?? 500) < 400) return resolve(bytes);
          const text = bytes.toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return reject(new Error(`the daemon answered ${res.statusCode} with a body that is not JSON`));
          }
          if ((res.statusCode ?? 500) >= 400) reject(new RemoteAdminError(res.statusCode ?? 500, parsed as never));
          else resolve(parsed);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
