import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Environment } from '../keys/index.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { parseInput } from '../shared/validation.js';
import type { Clock } from '../ports/clock.port.js';
import type { SettingsStore } from '../ports/settings-store.port.js';
import type { DeliveryFilter, WebhookStore } from '../ports/webhook-store.port.js';
import type { WebhookTransport } from '../ports/webhook-transport.port.js';
import type { StoredWebhookEndpoint, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhook.js';
import { CreateWebhookEndpointSchema, UpdateWebhookEndpointSchema } from './webhook.schema.js';
import { deliveryHeaders } from './webhook-sender.js';
import { checkCallbackUrl } from './callback-url.js';

export interface WebhookServiceDeps {
  store: WebhookStore;
  settings: SettingsStore;
  transport: WebhookTransport;
  clock: Clock;
  ids: IdGenerator;
  timeoutMs: number;
  /**
   * Development only: accept `http://localhost` (or 127.0.0.1, [::1]) URLs as well as HTTPS, so a
   * receiver on the developer's machine needs no certificate. The transport must allow them too.
   */
  allowLocalhostHttp?: boolean;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const publicEndpoint = ({ secret: _s, ...endpoint }: StoredWebhookEndpoint): WebhookEndpoint => endpoint;

export interface WebhookTestResult {
  delivered: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  /** Which secret signed it: a registered endpoint's, or the organization's test secret. */
  signed_with: string;
}

/** Endpoints, the delivery log, replays and test sends. */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  async create(orgId: string, raw: unknown): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const input = parseInput(CreateWebhookEndpointSchema, raw);
    await this.checkUrl(input.url);
    const now = this.deps.clock.now().toISOString();
    const stored: StoredWebhookEndpoint = {
      id: this.deps.ids('whe'),
      org_id: orgId,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      is_active: input.is_active,
      created_at: now,
      updated_at: now,
      secret: newSecret(),
    };
    await this.deps.store.insertEndpoint(stored);
    return { endpoint: publicEndpoint(stored), secret: stored.secret };
  }

  async list(orgId: string): Promise<WebhookEndpoint[]> {
    return this.deps.store.listEndpoints(orgId);
  }

  async get(orgId: string, id: string): Promise<WebhookEndpoint> {
    const found = await this.deps.store.getEndpoint(orgId, id);
    if (!found) throw notFound('Webhook endpoint', id);
    return publicEndpoint(found);
  }

  async update(orgId: string, id: string, raw: unknown): Promise<WebhookEndpoint> {
    const input = parseInput(UpdateWebhookEndpointSchema, raw);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const updated = await this.deps.store.updateEndpoint(orgId, id, {
      ...changes,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!updated) throw notFound('Webhook endpoint', id);
    return publicEndpoint(updated);
  }

  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.deps.store.deleteEndpoint(orgId, id))) throw notFound('Webhook endpoint', id);
  }

  /** A new secret, effective for every delivery attempted from now on; the old one stops at once. */
  async rotateSecret(orgId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = newSecret();
    const updated = await this.deps.store.updateEndpoint(orgId, id, {
      secret,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!updated) throw notFound('Webhook endpoint', id);
    return { endpoint: publicEndpoint(updated), secret };
  }

  /** Deliveries of the mode's events (a key sees its own mode's only). */
  listDeliveries(
    orgId: string,
    mode: Environment,
    filter: DeliveryFilter,
    page: PageRequest,
  ): Promise<Page<WebhookDelivery>> {
    return this.deps.store.listDeliveries(orgId, mode, filter, page);
  }

  async getDelivery(
    orgId: string,
    mode: Environment,
    id: string,
  ): Promise<WebhookDelivery & { attempts: WebhookAttempt[] }> {
    const found = await this.deps.store.getDelivery(orgId, mode, id);
    if (!found) throw notFound('Webhook delivery', id);
    return found;
  }

  async replay(orgId: string, mode: Environment, id: string): Promise<WebhookDelivery> {
    const replayed = await this.deps.store.replay(orgId, mode, id, this.deps.clock.now().toISOString());
    if (!replayed) throw notFound('Webhook delivery', id);
    return replayed;
  }

  /**
   * Sends one signed `webhook.test` event now and reports what happened. It is signed with the secret
   * of the organization's endpoint at that URL, or else with the organization's test secret (returned
   * as `test_secret`, so the receiver can be set up to check it).
   */
  async test(orgId: string, url: unknown): Promise<WebhookTestResult & { test_secret?: string }> {
    if (typeof url !== 'string') throw new AppError('invalid_webhook_url', 'webhook_url is required');
    await this.checkUrl(url);
    const endpoint = (await this.deps.store.listEndpoints(orgId)).find((e) => e.url === url);
    const secret = endpoint
      ? (await this.deps.store.getEndpoint(orgId, endpoint.id))!.secret
      : await this.deps.settings.getOrCreate(`webhook_test_secret:${orgId}`, newSecret);
    const now = this.deps.clock.now().toISOString();
    const eventId = this.deps.ids('evt');
    const body = JSON.stringify({
      id: eventId,
      event: 'webhook.test',
      created_at: now,
      data: { message: 'This is a test event from Intake.', timestamp: now },
    });
    const response = await this.deps.transport.send({
      url,
      body,
      headers: deliveryHeaders(body, secret, 'webhook.test', this.deps.ids('whd')),
      timeoutMs: this.deps.timeoutMs,
    });
    const delivered =
      response.error === null &&
      response.statusCode !== null &&
      response.statusCode >= 200 &&
      response.statusCode < 300;
    return {
      delivered,
      status_code: response.statusCode,
      duration_ms: Math.round(response.durationMs),
      error: delivered ? null : (response.error ?? `receiver answered ${response.statusCode}`),
      response_body: response.responseBody,
      signed_with: endpoint ? endpoint.id : 'test_secret',
      ...(endpoint ? {} : { test_secret: secret }),
    };
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await checkCallbackUrl(url, this.deps.transport, {
      allowLocalhostHttp: this.deps.allowLocalhostHttp === true,
    });
    if (problem) throw new AppError('invalid_webhook_url', problem);
  }
}
