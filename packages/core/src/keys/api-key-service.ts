import { AppError, notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { parseInput } from '../shared/validation.js';
import type { Clock } from '../ports/clock.port.js';
import type { ApiKeyStore } from '../ports/api-key-store.port.js';
import type { ApiKey, AuthContext, StoredApiKey } from './api-key.js';
import { CreateApiKeyInputSchema } from './api-key.schema.js';
import { environmentOfKey, generateApiKey, hashApiKey, KEY_PREFIX_LENGTH } from './key-material.js';
import type { Environment, Scope } from './scopes.js';

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often per key, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * What the key service asks of an organization: its requests-per-minute limit, or null when there
 * is no such organization. The organization owns the rule that turns its plan into a limit, so
 * organizations/ answers (`organizationRateLimits`) and keys/ never imports it.
 */
export interface OrganizationRateLimits {
  rateLimitOf(orgId: string): Promise<number | null>;
}

export interface ApiKeyServiceDeps {
  keys: ApiKeyStore;
  organizations: OrganizationRateLimits;
  clock: Clock;
  ids: IdGenerator;
  /**
   * How long a checked key is trusted without asking the database again. Revoking through this
   * process takes effect at once; through another daemon sharing the database, within this time.
   * 0 turns the cache off.
   */
  authCacheMs?: number;
}

interface CachedAuth {
  auth: AuthContext;
  /** The key's own expiry (ms), or null; past it the entry is no longer used. */
  expiresAt: number | null;
  /** Past this (ms) the key is checked with the database again. */
  staleAt: number;
}

/** A lookup's answer, with when it started and in which generation (cached only if none came since). */
interface LookedUp {
  auth: AuthContext;
  expiresAt: number | null;
  startedAt: number;
  generation: number;
}

/** Most cached keys; beyond it the oldest entries go. */
const AUTH_CACHE_MAX = 10_000;

export interface CreatedApiKey {
  record: ApiKey;
  /** The plaintext key: returned once, never stored. */
  key: string;
}

/** Creates, lists, revokes and authenticates API keys (secrets stored hashed, checks cached briefly). */
export class ApiKeyService {
  private readonly lastTouched = new Map<string, number>();
  /**
   * Checked keys, by the exact `Authorization` value they came in: a hit needs no parsing, no
   * hashing and no I/O. The map thus holds plaintext keys, as the process does while it serves their
   * requests anyway; an entry is used for at most `authCacheMs` after its check and never past the
   * key's expiry, and stale entries are dropped whenever a key is checked with the store.
   */
  private readonly authCache = new Map<string, CachedAuth>();
  /** Lookups in flight, by key hash: concurrent requests with one key wait for the same one. */
  private readonly lookups = new Map<string, Promise<LookedUp>>();
  /** Moves on every revocation or forgotten organization; a lookup that overlapped one is not cached. */
  private generation = 0;
  private readonly authCacheMs: number;

  constructor(private readonly deps: ApiKeyServiceDeps) {
    this.authCacheMs = deps.authCacheMs ?? 5000;
  }

  /**
   * Creates a key. With `creator` (a key creating a key) the new key may hold only scopes the creator
   * holds and only the creator's environment, so no key can mint a stronger one.
   */
  async create(orgId: string, rawInput: unknown, creator?: AuthContext): Promise<CreatedApiKey> {
    const input = parseInput(CreateApiKeyInputSchema, rawInput);
    if (creator) {
      if (input.environment !== creator.environment) {
        throw new AppError(
          'insufficient_permissions',
          `A ${creator.environment} key can only create ${creator.environment} keys`,
        );
      }
      const missing = input.scopes.filter((s) => !creator.scopes.includes(s));
      if (missing.length > 0) {
        throw new AppError(
          'insufficient_permissions',
          `A key can only grant scopes it holds itself; missing: ${missing.join(', ')}`,
          { context: { requiredScope: missing[0] } },
        );
      }
    }
    if ((await this.deps.organizations.rateLimitOf(orgId)) === null) throw notFound('Organization', orgId);
    const now = this.deps.clock.now();
    const key = generateApiKey(input.environment);
    const record: StoredApiKey = {
      id: this.deps.ids('key'),
      org_id: orgId,
      name: input.name,
      description: input.description ?? null,
      environment: input.environment,
      scopes: [...new Set(input.scopes)],
      key_prefix: key.slice(0, KEY_PREFIX_LENGTH),
      created_at: now.toISOString(),
      expires_at:
        input.expires_in_days === undefined
          ? null
          : new Date(now.getTime() + input.expires_in_days * DAY_MS).toISOString(),
      last_used_at: null,
      revoked_at: null,
      key_hash: hashApiKey(key),
    };
    await this.deps.keys.insert(record);
    const { key_hash: _hash, ...publicRecord } = record;
    return { record: publicRecord, key };
  }

  /** The keys of one environment: a key lists the keys of its own environment only. */
  list(orgId: string, environment: Environment, page: PageRequest): Promise<Page<ApiKey>> {
    return this.deps.keys.list(orgId, environment, page);
  }

  /**
   * Revokes a key of the revoker's environment (a key of the other one is not found) whose scopes
   * the revoker holds, every one of them: the no-escalation rule of `create`, applied to revocation,
   * so a narrow key cannot take a wider one out of service. Without `revoker` (the embedding
   * application or the operator, not a key) any key of the organization.
   */
  async revoke(orgId: string, keyId: string, revoker?: AuthContext): Promise<ApiKey> {
    const target = revoker
      ? await this.deps.keys.get(orgId, revoker.environment, keyId)
      : ((await this.deps.keys.get(orgId, 'live', keyId)) ?? (await this.deps.keys.get(orgId, 'test', keyId)));
    if (!target) throw notFound('API key', keyId);
    const missing = revoker ? target.scopes.filter((s) => !revoker.scopes.includes(s)) : [];
    if (missing.length > 0) {
      throw new AppError(
        'insufficient_permissions',
        `A key can only revoke keys whose scopes it holds itself; missing: ${missing.join(', ')}`,
        {
          context: { requiredScope: missing[0] },
        },
      );
    }
    // Scopes never change after creation, so the check above still holds for the update below.
    const revoked = await this.deps.keys.revoke(orgId, target.environment, keyId, this.deps.clock.now().toISOString());
    if (!revoked) throw notFound('API key', keyId);
    this.forgetLookups();
    for (const [hash, entry] of this.authCache) if (entry.auth.keyId === keyId) this.authCache.delete(hash);
    return revoked;
  }

  /** Forgets cached authentications of an organization (after its plan or limits change). */
  forgetOrganization(orgId: string): void {
    this.forgetLookups();
    for (const [hash, entry] of this.authCache) if (entry.auth.orgId === orgId) this.authCache.delete(hash);
  }

  /**
   * The caller of an `Authorization` value checked less than `authCacheMs` ago (and not expired
   * since), without any I/O; undefined when it has to be checked by `authenticate`. The synchronous
   * fast path of a request: `authenticate` would answer the same, one promise later.
   */
  cachedAuthentication(authorization: string | undefined, nowMs: number): AuthContext | undefined {
    if (authorization === undefined) return undefined;
    const cached = this.authCache.get(authorization);
    if (cached === undefined) return undefined;
    if (nowMs < cached.staleAt && (cached.expiresAt === null || cached.expiresAt > nowMs)) return cached.auth;
    this.authCache.delete(authorization);
    return undefined;
  }

  /** Checks an `Authorization` header value and says who is calling, or throws 401-class errors. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const now = this.deps.clock.now().getTime();
    const cached = this.cachedAuthentication(authorization, now);
    if (cached) return cached;
    const presented = parseBearer(authorization);
    if (presented === null) {
      throw new AppError('missing_authorization', 'Send your API key as "Authorization: Bearer <API_KEY>"');
    }
    if (environmentOfKey(presented) === null) throw invalidKey();
    const hash = hashApiKey(presented);
    let pending = this.lookups.get(hash);
    if (!pending) {
      const started = this.lookup(hash, now).finally(() => {
        if (this.lookups.get(hash) === started) this.lookups.delete(hash);
      });
      this.lookups.set(hash, (pending = started));
    }
    const found = await pending;
    // Cached under this request's own header value: concurrent requests may present one key in
    // several spellings (`bearer`, extra spaces), each cached on its own.
    if (found.generation === this.generation && this.authCacheMs > 0) {
      // Entries go in about the order they go stale: drop the stale ones at the front.
      for (const [header, entry] of this.authCache) {
        if (entry.staleAt > now) break;
        this.authCache.delete(header);
      }
      if (this.authCache.size >= AUTH_CACHE_MAX) this.authCache.delete(this.authCache.keys().next().value!);
      this.authCache.set(authorization!, {
        auth: found.auth,
        expiresAt: found.expiresAt,
        staleAt: found.startedAt + this.authCacheMs,
      });
    }
    await this.touch(found.auth.keyId, new Date(now));
    return found.auth;
  }

  /** A request from now on must not take the answer of a lookup that started before (nor cache it). */
  private forgetLookups(): void {
    this.generation++;
    this.lookups.clear();
  }

  private async lookup(hash: string, now: number): Promise<LookedUp> {
    const generation = this.generation;
    const { auth, expiresAt } = await this.contextOf(await this.deps.keys.findByHash(hash), now);
    return { auth, expiresAt, startedAt: now, generation };
  }

  /**
   * The caller a key stands for, checked with the store now (no cache): for dashboard sessions,
   * which must end the moment their key is revoked or expires. Throws invalid_api_key otherwise.
   */
  async authenticateKeyId(orgId: string, environment: Environment, keyId: string): Promise<AuthContext> {
    return (await this.contextOf(await this.deps.keys.get(orgId, environment, keyId), this.deps.clock.now().getTime()))
      .auth;
  }

  private async contextOf(
    stored: ApiKey | null,
    now: number,
  ): Promise<{ auth: AuthContext; expiresAt: number | null }> {
    if (!stored || stored.revoked_at !== null) throw invalidKey();
    const expiresAt = stored.expires_at === null ? null : new Date(stored.expires_at).getTime();
    if (expiresAt !== null && expiresAt <= now) throw invalidKey();
    const rateLimitPerMinute = await this.deps.organizations.rateLimitOf(stored.org_id);
    if (rateLimitPerMinute === null) throw invalidKey();
    const auth: AuthContext = {
      orgId: stored.org_id,
      keyId: stored.id,
      environment: stored.environment,
      scopes: stored.scopes,
      rateLimitPerMinute,
    };
    return { auth, expiresAt };
  }

  private async touch(keyId: string, now: Date): Promise<void> {
    const last = this.lastTouched.get(keyId);
    if (last !== undefined && now.getTime() - last < TOUCH_INTERVAL_MS) return;
    this.lastTouched.set(keyId, now.getTime());
    await this.deps.keys.touchLastUsed(keyId, now.toISOString());
  }
}

/** Throws 403 `insufficient_permissions` naming the scope when the caller lacks it. */
export function requireScope(auth: AuthContext, scope: Scope): void {
  if (!auth.scopes.includes(scope)) {
    throw new AppError('insufficient_permissions', `This API key lacks the required scope: ${scope}`, {
      context: { requiredScope: scope },
    });
  }
}

/**
 * Throws 403 `insufficient_permissions` for a test key: configuration both modes share (extractors,
 * email prefixes, webhook endpoints, ERP connections) steers live traffic, so only live keys change it.
 */
export function requireLiveKey(auth: AuthContext, what: string): void {
  if (auth.environment !== 'live') {
    throw new AppError(
      'insufficient_permissions',
      `Test keys can read but not change ${what}: test and live share it, so only a live key may change it`,
    );
  }
}

const invalidKey = () => new AppError('invalid_api_key', 'The API key is invalid, expired or revoked');

function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1] ?? null;
}
