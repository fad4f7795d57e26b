import type { Environment } from '../../keys/scopes.js';
import type {
  AttemptOutcome,
  ClaimedDelivery,
  DeliveryClaimOptions,
  DeliveryFilter,
  WebhookStore,
} from '../../ports/webhook-store.port.js';
import type { PageRequest } from '../../shared/pagination.js';
import {
  receives,
  type PrefixWebhookSpec,
  type StoredWebhookEndpoint,
  type WebhookDelivery,
} from '../../webhooks/webhook.js';
import { clone, newestFirst, paginate, type MemoryDb } from './memory-db.js';

type LeasedDelivery = WebhookDelivery & { lease_owner: string | null; lease_expires_at: string | null };

/** Webhooks in memory, with the SQL store's dispatch, lease and fencing rules. */
export class MemoryWebhookStore implements WebhookStore {
  constructor(private readonly db: MemoryDb) {}
  private get t() {
    return this.db.tables;
  }

  async insertEndpoint(endpoint: StoredWebhookEndpoint) {
    this.t.webhookEndpoints.set(endpoint.id, clone(endpoint));
  }
  /** The organization's own endpoint (not a prefix's). */
  private own(orgId: string, id: string) {
    const e = this.t.webhookEndpoints.get(id);
    return e && e.org_id === orgId && !e.email_prefix ? e : null;
  }
  async getEndpoint(orgId: string, id: string) {
    const e = this.own(orgId, id);
    return e ? clone(e) : null;
  }
  async listEndpoints(orgId: string) {
    return [...this.t.webhookEndpoints.values()]
      .filter((e) => e.org_id === orgId && !e.email_prefix)
      .sort(newestFirst)
      .map(({ secret: _s, email_prefix: _p, ...e }) => clone(e));
  }
  async updateEndpoint(orgId: string, id: string, changes: Partial<StoredWebhookEndpoint>) {
    const e = this.own(orgId, id);
    if (!e) return null;
    const { email_prefix: _p, ...rest } = changes;
    Object.assign(e, clone(rest));
    return clone(e);
  }
  async deleteEndpoint(orgId: string, id: string) {
    if (!this.own(orgId, id)) return false;
    this.removeEndpoint(id);
    return true;
  }
  private removeEndpoint(id: string) {
    this.t.webhookEndpoints.delete(id);
    for (const [key, d] of this.t.webhookDeliveries) if (d.endpoint_id === id) this.t.webhookDeliveries.delete(key);
  }
  async setPrefixEndpoint(
    orgId: string,
    prefix: string,
    spec: PrefixWebhookSpec | null,
    now: string,
    makeId: () => string,
  ) {
    const existing = [...this.t.webhookEndpoints.values()].find((e) => e.org_id === orgId && e.email_prefix === prefix);
    if (!spec) {
      if (existing) this.removeEndpoint(existing.id);
      return;
    }
    const values = {
      url: spec.url,
      secret: spec.secret,
      events: [...new Set(spec.events)],
      is_active: true,
      updated_at: now,
    };
    if (existing) {
      Object.assign(existing, values);
      return;
    }
    const id = makeId();
    this.t.webhookEndpoints.set(id, {
      ...values,
      id,
      org_id: orgId,
      email_prefix: prefix,
      description: `Webhooks of the email prefix ${prefix}`,
      created_at: now,
    });
  }
  async getPrefixEndpoint(orgId: string, prefix: string) {
    const e = [...this.t.webhookEndpoints.values()].find((x) => x.org_id === orgId && x.email_prefix === prefix);
    return e ? clone(e) : null;
  }

  async dispatchOutbox(now: Date, limit: number, makeId: () => string) {
    const pending = this.t.outbox.filter((e) => !this.t.dispatchedEvents.has(e.id)).slice(0, limit);
    let made = 0;
    for (const e of pending) {
      const payload = JSON.stringify({ id: e.id, event: e.event, created_at: e.created_at, data: e.data });
      for (const endpoint of this.t.webhookEndpoints.values()) {
        if (!receives(endpoint, e)) continue;
        if ([...this.t.webhookDeliveries.values()].some((d) => d.event_id === e.id && d.endpoint_id === endpoint.id))
          continue;
        const id = makeId();
        this.t.webhookDeliveries.set(id, {
          id,
          org_id: e.org_id,
          environment: e.environment,
          endpoint_id: endpoint.id,
          event_id: e.id,
          event: e.event,
          status: 'pending',
          payload,
          attempt_count: 0,
          chain: 1,
          next_attempt_at: now.toISOString(),
          last_attempt_at: null,
          created_at: now.toISOString(),
          lease_owner: null,
          lease_expires_at: null,
        });
        made++;
      }
      this.t.dispatchedEvents.add(e.id);
    }
    return made;
  }

  async claimDue(options: DeliveryClaimOptions): Promise<ClaimedDelivery[]> {
    const now = options.now.getTime();
    const cap = options.perEndpoint ?? Infinity;
    const busy = (endpointId: string) => options.busy?.get(endpointId) ?? 0;
    // As the SQL store: each endpoint's oldest due deliveries up to its room, then the oldest of those.
    const taken = new Map<string, number>();
    const due = [...this.t.webhookDeliveries.values()]
      .filter(
        (d) =>
          d.status === 'pending' &&
          Date.parse(d.next_attempt_at!) <= now &&
          (d.lease_expires_at === null || Date.parse(d.lease_expires_at) < now),
      )
      .sort((a, b) => a.next_attempt_at!.localeCompare(b.next_attempt_at!) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .filter((d) => {
        const n = (taken.get(d.endpoint_id) ?? 0) + 1;
        taken.set(d.endpoint_id, n);
        return n <= cap - busy(d.endpoint_id);
      })
      .slice(0, options.limit);
    return due.map((d) => {
      d.lease_owner = options.workerId;
      d.lease_expires_at = new Date(now + options.leaseMs).toISOString();
      const endpoint = this.t.webhookEndpoints.get(d.endpoint_id)!;
      return {
        delivery: this.plain(d),
        url: endpoint.url,
        secret: endpoint.secret,
        leaseExpiresAt: d.lease_expires_at,
      };
    });
  }

  async recordAttempts(workerId: string, outcomes: readonly AttemptOutcome[]) {
    return outcomes.map(({ attempt, next }) => {
      const d = this.t.webhookDeliveries.get(attempt.delivery_id);
      if (
        !d ||
        d.lease_owner !== workerId ||
        d.chain !== attempt.chain ||
        d.status !== 'pending' ||
        d.attempt_count !== attempt.attempt - 1
      )
        return false;
      Object.assign(d, {
        status: next.status,
        next_attempt_at: next.nextAttemptAt,
        attempt_count: attempt.attempt,
        last_attempt_at: attempt.started_at,
        lease_owner: null,
        lease_expires_at: null,
      });
      this.t.webhookAttempts.push(clone(attempt));
      return true;
    });
  }

  async releaseClaims(workerId: string, deliveryIds: readonly string[]) {
    let released = 0;
    for (const id of deliveryIds) {
      const d = this.t.webhookDeliveries.get(id);
      if (!d || d.lease_owner !== workerId || d.status !== 'pending') continue;
      Object.assign(d, { lease_owner: null, lease_expires_at: null });
      released++;
    }
    return released;
  }

  async getDelivery(orgId: string, mode: Environment, id: string) {
    const d = this.t.webhookDeliveries.get(id);
    if (!d || d.org_id !== orgId || d.environment !== mode) return null;
    const attempts = this.t.webhookAttempts
      .filter((a) => a.delivery_id === id)
      .sort((a, b) => a.chain - b.chain || a.attempt - b.attempt);
    return { ...this.plain(d), attempts: attempts.map(clone) };
  }

  async listDeliveries(orgId: string, mode: Environment, filter: DeliveryFilter, page: PageRequest) {
    const rows = [...this.t.webhookDeliveries.values()]
      .filter((d) => d.org_id === orgId && d.environment === mode)
      .filter((d) => !filter.endpoint_id || d.endpoint_id === filter.endpoint_id)
      .filter((d) => !filter.event || d.event === filter.event)
      .filter((d) => !filter.status || d.status === filter.status)
      .filter((d) => !filter.job_id || jobOf(d.payload) === filter.job_id)
      .sort(newestFirst);
    return paginate(
      rows.map((d) => this.plain(d)),
      page,
    );
  }

  async replay(orgId: string, mode: Environment, id: string, now: string) {
    const d = this.t.webhookDeliveries.get(id);
    if (!d || d.org_id !== orgId || d.environment !== mode) return null;
    Object.assign(d, {
      status: 'pending',
      chain: d.chain + 1,
      attempt_count: 0,
      next_attempt_at: now,
      lease_owner: null,
      lease_expires_at: null,
    });
    return this.plain(d);
  }

  private plain({ lease_owner: _o, lease_expires_at: _e, ...d }: LeasedDelivery): WebhookDelivery {
    return clone(d);
  }
}

/** The job an envelope is about: `data.job_id` (email events) or `data.id` (job.* events). */
function jobOf(payload: string): unknown {
  const data = (JSON.parse(payload) as { data?: Record<string, unknown> }).data ?? {};
  return data.job_id ?? data.id;
}
