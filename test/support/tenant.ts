/**
 * The set-up most daemon-level tests share: an organization with credits, its extractors, on
 * request email prefixes and webhook endpoints, then documents submitted and their jobs awaited.
 * Each step goes through the surface the test exercises: over the api-harness (`setUpTenant`) the
 * organization is made by the harness's `createOrg` and the rest over its HTTP API; for a spawned
 * daemon (`setUpDaemonTenant`) the organization is made by `intake orgs create` (in this process,
 * through the admin socket when a daemon holds the directory) and the rest over the daemon's HTTP
 * API. A step that does not answer as it should throws, naming the step, the status and the body.
 */
import type { ApiHarness } from './api-harness.js';
import { runInProcessOk } from './cli.js';
import { base64, invoiceExtractor } from './fixtures.js';
import { callApi, type ApiResponse, type CallOptions } from './http.js';
import { singleJsonLine, type Env } from './processes.js';
import { eventually, type WaitOptions } from './wait.js';

/** What the tests' set-ups differ in; every field has the default most of them use. */
export interface TenantOptions {
  /** Organization name; default 'Test org' over the harness, 'Tenant' through the CLI. */
  name?: string;
  /** Plan; default 'business' over the harness, the CLI's own ('free') through it. */
  plan?: string;
  /** Credits to start with; default none. */
  credits?: number;
  /** Requests a minute; default the plan's. */
  rateLimitPerMinute?: number;
  /** Bodies for POST /v1/extractors, created in order; default one `invoiceExtractor()`, `[]` for none. */
  extractors?: object[];
  /**
   * Email prefixes, each a POST /api/email-ingestion/config: a name alone is
   * `{ emailPrefix: name, defaultDocumentType: 'invoice', autoClassify: false }`, an object is sent as it is.
   */
  prefixes?: (string | Record<string, unknown>)[];
  /** Bodies for POST /v1/webhooks/endpoints, created in order. */
  webhooks?: { url: string; events: string[] }[];
}

/** One submission of POST /v1/documents; the live key and the first extractor unless told otherwise. */
export interface SubmitOptions {
  key?: string;
  extractorId?: string;
  /** Default 'application/pdf'. */
  mimeType?: string;
  metadata?: Record<string, unknown>;
}

/** The organization as `createOrg` and `intake orgs create --json` give it. */
export interface TenantOrg {
  org_id: string;
  live_key: string;
  test_key: string;
}

/** An organization set up for a test, with what was made for it and the calls a test makes as it. */
export interface Tenant extends TenantOrg {
  /** The extractors' ids, in the order of `TenantOptions.extractors`. */
  extractorIds: string[];
  /** The first extractor's id; reading it throws when the tenant has none. */
  readonly extractorId: string;
  /** The endpoints of `TenantOptions.webhooks`, in order, with their signing secrets. */
  webhooks: { id: string; secret: string }[];
  /** A request to the API the tenant was made on, with the live key unless `options.key` says otherwise. */
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** POST /v1/documents (bytes are sent base64); the answer, whatever its status. */
  submit(document: Uint8Array | string, options?: SubmitOptions): Promise<ApiResponse>;
  /**
   * Submits a document (throwing unless it is accepted), lets its job run and returns the job: over
   * the harness once every runnable job has run (a job waiting for credits stays queued), for a
   * daemon once the job is completed or failed.
   */
  extract(document: Uint8Array | string, options?: SubmitOptions): Promise<any>;
}

interface Surface {
  call(method: string, path: string, options: CallOptions): Promise<ApiResponse>;
  /** Resolves once the job has run as far as it can (see `Tenant.extract`), or throws. */
  awaitJob(id: string, key: string): Promise<void>;
}

/** A tenant over the api-harness: `createOrg`, then its HTTP API; `extract` runs the jobs in this process. */
export function setUpTenant(h: ApiHarness, options: TenantOptions = {}): Promise<Tenant> {
  const org = h.createOrg({
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.plan !== undefined ? { plan: options.plan } : {}),
    ...(options.credits !== undefined ? { credits: options.credits } : {}),
    ...(options.rateLimitPerMinute !== undefined ? { rate_limit_per_minute: options.rateLimitPerMinute } : {}),
  });
  return build(org, options, {
    call: (method, path, callOptions) => h.call(method, path, callOptions),
    awaitJob: async () => {
      await h.runJobs();
    },
  });
}

/**
 * A tenant of a running daemon: `intake orgs create` with `cliEnv` (the daemon's DATA_DIR or
 * DATABASE_URL), then the daemon's HTTP API at `httpUrl`; `extract` polls the job until it ends.
 */
export function setUpDaemonTenant(
  daemon: { httpUrl: string },
  cliEnv: Env,
  options: TenantOptions & { wait?: WaitOptions } = {},
): Promise<Tenant> {
  const args = ['orgs', 'create', '--name', options.name ?? 'Tenant'];
  if (options.plan !== undefined) args.push('--plan', options.plan);
  if (options.rateLimitPerMinute !== undefined) args.push('--rate-limit', String(options.rateLimitPerMinute));
  if (options.credits !== undefined) args.push('--credits', String(options.credits));
  const org = runInProcessOk([...args, '--json'], cliEnv).then((result) => singleJsonLine<TenantOrg>(result.stdout));
  const call = (method: string, path: string, callOptions: CallOptions) =>
    callApi(daemon.httpUrl, method, path, callOptions);
  return build(org, options, {
    call,
    awaitJob: async (id, key) => {
      await eventually(
        `job ${id} to end`,
        async () => {
          const job = await call('GET', `/v1/documents/${id}`, { key });
          return job.body?.status === 'completed' || job.body?.status === 'failed';
        },
        options.wait,
      );
    },
  });
}

async function build(created: Promise<TenantOrg>, options: TenantOptions, surface: Surface): Promise<Tenant> {
  const org = await created;
  const key = org.live_key;
  const step = async (what: string, path: string, body: unknown, status: number) => {
    const res = await surface.call('POST', path, { key, body });
    if (res.status !== status) {
      throw new Error(`${what}: POST ${path} answered ${res.status}, not ${status}: ${JSON.stringify(res.body)}`);
    }
    return res.body as { id: string; secret: string };
  };
  const extractorIds: string[] = [];
  for (const body of options.extractors ?? [invoiceExtractor()]) {
    extractorIds.push((await step('an extractor', '/v1/extractors', body, 201)).id);
  }
  for (const prefix of options.prefixes ?? []) {
    const body =
      typeof prefix === 'string'
        ? { emailPrefix: prefix, defaultDocumentType: 'invoice', autoClassify: false }
        : prefix;
    await step('an email prefix', '/api/email-ingestion/config', body, 201);
  }
  const webhooks: { id: string; secret: string }[] = [];
  for (const body of options.webhooks ?? []) {
    const { id, secret } = await step('a webhook endpoint', '/v1/webhooks/endpoints', body, 201);
    webhooks.push({ id, secret });
  }
  const tenant: Tenant = {
    org_id: org.org_id,
    live_key: org.live_key,
    test_key: org.test_key,
    extractorIds,
    get extractorId() {
      const first = extractorIds[0];
      if (first === undefined) throw new Error('this tenant was set up without an extractor');
      return first;
    },
    webhooks,
    call: (method, path, callOptions = {}) => surface.call(method, path, { key, ...callOptions }),
    submit: (document, submitOptions = {}) =>
      surface.call('POST', '/v1/documents', {
        key: submitOptions.key ?? key,
        body: {
          extractor_id: submitOptions.extractorId ?? tenant.extractorId,
          document: typeof document === 'string' ? document : base64(document),
          mime_type: submitOptions.mimeType ?? 'application/pdf',
          ...(submitOptions.metadata ? { metadata: submitOptions.metadata } : {}),
        },
      }),
    async extract(document, submitOptions = {}) {
      const submitted = await tenant.submit(document, submitOptions);
      if (submitted.status !== 202) {
        throw new Error(
          `a document: POST /v1/documents answered ${submitted.status}: ${JSON.stringify(submitted.body)}`,
        );
      }
      const jobKey = submitOptions.key ?? key;
      await surface.awaitJob(submitted.body.id, jobKey);
      return (await surface.call('GET', `/v1/documents/${submitted.body.id}`, { key: jobKey })).body;
    },
  };
  return tenant;
}
