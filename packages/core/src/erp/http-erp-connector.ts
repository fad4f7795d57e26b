import type { WebhookTransport } from '../ports/webhook-transport.port.js';
import { deliveryHeaders } from '../webhooks/index.js';
import type { ErpConnector, ErpPushRequest, ErpPushResult } from '../ports/erp-connector.port.js';

/**
 * The built-in connector: POSTs the record as JSON to the connection's URL over the webhook
 * transport (HTTPS, the same destination policy), signed like a webhook with the connection's
 * secret (`X-Service-Signature`), with `Idempotency-Key: <job id>` so a receiver can take a retried
 * record once. A 2xx answer syncs it (the `id` of a JSON answer is kept as the external id); 408,
 * 425, 429, 5xx and network errors are retried; any other answer fails it at once.
 */
export class HttpErpConnector implements ErpConnector {
  constructor(private readonly deps: { transport: WebhookTransport; timeoutMs: number }) {}

  async push({ connection, record, syncId }: ErpPushRequest): Promise<ErpPushResult> {
    const body = JSON.stringify(record);
    const headers = {
      ...deliveryHeaders(body, connection.secret, 'erp.vendor_bill', syncId),
      'idempotency-key': record.revision ? `${record.id}:r${record.revision}` : record.id,
      'user-agent': 'Intake-ERP/1',
    };
    const response = await this.deps.transport.send({
      url: connection.url,
      body,
      headers,
      timeoutMs: this.deps.timeoutMs,
    });
    const status = response.statusCode;
    if (response.error !== null || status === null)
      return { ok: false, statusCode: status, error: response.error ?? 'no answer', retryable: true };
    if (status >= 200 && status < 300)
      return { ok: true, statusCode: status, externalId: externalIdOf(response.responseBody) };
    const retryable = status === 408 || status === 425 || status === 429 || status >= 500;
    const answer = response.responseBody ? `: ${response.responseBody.slice(0, 200)}` : '';
    return { ok: false, statusCode: status, error: `the ERP answered ${status}${answer}`, retryable };
  }

  checkDestination(url: string): Promise<string | null> {
    return this.deps.transport.checkDestination(url);
  }
}

function externalIdOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const id = typeof parsed === 'object' && parsed !== null ? (parsed as { id?: unknown }).id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : null;
  } catch {
    return null;
  }
}
