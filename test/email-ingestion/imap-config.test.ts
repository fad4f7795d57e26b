/**
 * A prefix's `imap` settings through the configuration service: the secret is sealed with
 * AES-256-GCM before it is stored, never shown (`********`), kept by a PATCH that does not give it
 * only while it still goes to the same server and user, and refused with a clear error by a daemon
 * without SECRET_KEY. On the memory stores and on PGlite (the stored JSON is read back raw).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, createIntake, type Intake } from '@intake/core';
import { createMemoryStores } from '@intake/core/testing';
import { createSecretBox, parseSecretKey } from '@intake/core/email';
import { DB_KINDS, openTestDatabase } from '../support/databases.js';

const KEY = randomBytes(32);
const PASSWORD = 'correct horse battery staple';

const imap = (overrides: Record<string, unknown> = {}) => ({
  host: 'imap.example.com',
  auth: { user: 'ap@example.com', pass: PASSWORD },
  afterImport: { action: 'move', folder: 'Imported' },
  ...overrides,
});

let n = 0;
const prefix = () => `imapcfg-${Date.now().toString(36)}-${n++}`;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('secret key and secret box', () => {
  it('reads a key as 64 hex digits or base64, and nothing else', () => {
    expect(parseSecretKey(KEY.toString('hex'))).toEqual(new Uint8Array(KEY));
    expect(parseSecretKey(KEY.toString('base64'))).toEqual(new Uint8Array(KEY));
    expect(parseSecretKey(KEY.toString('base64url'))).toEqual(new Uint8Array(KEY));
    expect(parseSecretKey('too short')).toBeNull();
    expect(parseSecretKey(randomBytes(16).toString('hex'))).toBeNull();
  });

  it('seals with a fresh IV each time; another key or an altered value does not open', () => {
    const box = createSecretBox(KEY);
    const a = box.seal(PASSWORD);
    expect(a).not.toContain(PASSWORD);
    expect(box.seal(PASSWORD)).not.toBe(a);
    expect(box.open(a)).toBe(PASSWORD);
    expect(() => createSecretBox(randomBytes(32)).open(a)).toThrow();
    const bytes = Buffer.from(a.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
  });
});

const setups: {
  name: string;
  open: () => Promise<{ intake: Intake; raw: (p: string) => Promise<string>; close: () => Promise<void> }>;
}[] = [
  {
    name: 'memory',
    open: async () => {
      const stores = createMemoryStores();
      return {
        intake: createIntake({ stores, secretKey: KEY }),
        raw: async (p) => JSON.stringify(stores.db.tables.emailIngestionConfigs.get(p)?.config),
        close: async () => {},
      };
    },
  },
  ...DB_KINDS.filter((k) => k === 'pglite').map((kind) => ({
    name: kind,
    open: async () => {
      const db = await openTestDatabase(kind);
      return {
        intake: createIntake({ stores: db.storage, secretKey: KEY }),
        raw: async (p: string) =>
          JSON.stringify(
            ((await db.storage.knex('email_ingestion_configs').where({ prefix: p }).first()) as { config: unknown })
              .config,
          ),
        close: () => db.close(),
      };
    },
  })),
];

for (const setup of setups) {
  describe(`imap settings on ${setup.name}`, () => {
    let intake!: Intake;
    let raw!: (p: string) => Promise<string>;
    let orgId!: string;
    beforeAll(async () => {
      const opened = await setup.open();
      ({ intake, raw } = opened);
      orgId = (await intake.organizations.create({ name: 'Mailroom' })).organization.id;
      return opened.close;
    });

    const create = (p: string, settings: Record<string, unknown> = imap()) =>
      intake.emailIngestion.create(orgId, { emailPrefix: p, defaultDocumentType: 'invoice', imap: settings });

    it('stores the password sealed, shows it masked with the defaults and an idle status', async () => {
      const p = prefix();
      const view = await create(p);
      expect(view.imap).toEqual({
        host: 'imap.example.com',
        tls: 'implicit',
        auth: { user: 'ap@example.com', pass: '********' },
        folder: 'INBOX',
        afterImport: { action: 'move', folder: 'Imported' },
        pollIntervalSeconds: 60,
      });
      expect(view.imap_status).toEqual({ state: 'idle' });
      const stored = await raw(p);
      expect(stored).not.toContain(PASSWORD);
      const sealed = (JSON.parse(stored) as { imap: { auth: { pass: string } } }).imap.auth.pass;
      expect(createSecretBox(KEY).open(sealed)).toBe(PASSWORD);
      expect((await intake.emailIngestion.get(orgId, p)).imap?.auth).toEqual({
        user: 'ap@example.com',
        pass: '********',
      });
      expect((await intake.emailIngestion.list(orgId)).find((c) => c.emailPrefix === p)?.imap_status).toEqual({
        state: 'idle',
      });
    });

    it('keeps the secret on a PATCH without it (or with the mask), replaces it when given', async () => {
      const p = prefix();
      await create(p);
      const before = await raw(p);
      await intake.emailIngestion.patch(orgId, p, { imap: { folder: 'Scans', pollIntervalSeconds: 5 } });
      await intake.emailIngestion.patch(orgId, p, { imap: { auth: { pass: '********' } } });
      const kept = JSON.parse(await raw(p)) as { imap: { folder: string; auth: { pass: string } } };
      expect(kept.imap.folder).toBe('Scans');
      expect(kept.imap.auth.pass).toBe((JSON.parse(before) as typeof kept).imap.auth.pass);
      const changed = await intake.emailIngestion.patch(orgId, p, {
        imap: { auth: { pass: null, accessToken: 'ya29.token' } },
      });
      expect(changed.imap?.auth).toEqual({ user: 'ap@example.com', accessToken: '********' });
      const token = (JSON.parse(await raw(p)) as { imap: { auth: { accessToken: string } } }).imap.auth.accessToken;
      expect(createSecretBox(KEY).open(token)).toBe('ya29.token');
    });

    it('wants the secret again when host, port, tls or user changes', async () => {
      const p = prefix();
      await create(p);
      for (const change of [{ host: 'evil.example' }, { port: 1993 }, { tls: 'none' }, { auth: { user: 'other' } }]) {
        const error = await refusal(intake.emailIngestion.patch(orgId, p, { imap: change }));
        expect(error.code).toBe('invalid_request');
        expect(error.details?.[0]?.path).toBe('imap.auth');
      }
      const moved = await intake.emailIngestion.patch(orgId, p, {
        imap: { host: 'new.example', auth: { pass: 'new' } },
      });
      expect(moved.imap?.host).toBe('new.example');
    });

    it('refuses settings without a secret, with both secrets, or with a bad action', async () => {
      expect((await refusal(create(prefix(), imap({ auth: { user: 'ap' } })))).code).toBe('invalid_request');
      const both = await refusal(create(prefix(), imap({ auth: { user: 'ap', pass: 'x', accessToken: 'y' } })));
      expect(both.code).toBe('invalid_request');
      const move = await refusal(create(prefix(), imap({ afterImport: { action: 'move' } })));
      expect(move.code).toBe('invalid_request');
    });
  });
}

describe('a daemon without SECRET_KEY', () => {
  it('refuses a configuration with an IMAP secret, naming the setting, and stores nothing', async () => {
    const intake = createIntake({ stores: createMemoryStores() });
    const orgId = (await intake.organizations.create({ name: 'Keyless' })).organization.id;
    const p = prefix();
    const error = await refusal(
      intake.emailIngestion.create(orgId, { emailPrefix: p, defaultDocumentType: 'invoice', imap: imap() }),
    );
    expect(error.code).toBe('secret_key_not_configured');
    expect(error.message).toContain('SECRET_KEY');
    expect(await intake.emailIngestion.list(orgId)).toEqual([]);
  });
});
