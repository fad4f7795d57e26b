import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';

const PATH = '/api/email-ingestion/config';

/** The exact body of issue 6, which must be accepted as written. */
const ISSUE_EXAMPLE =
  JSON.parse(`{"emailPrefix": "ap", "defaultDocumentType": "vendor_bill", "autoClassify": true, "isActive": true,
 "confidenceThresholds": {"autoProcess": 0.9, "reviewFlag": 0.7, "humanReview": 0.5},
 "classificationOverrides": [{"condition": {"senderDomain": "receipts.example"}, "documentType": "receipt"},
                             {"condition": {"subjectContains": "PO"}, "documentType": "purchase_order"}],
 "routingRules": [{"condition": {"type": "sender_domain", "value": "vendor.example"},
                   "action": {"assignTo": "ap-team", "priority": "high"}},
                  {"condition": {"type": "subject_matches", "pattern": "(?i)urgent"}, "action": {"priority": "critical"}},
                  {"condition": {"type": "extracted_amount", "operator": "greater_than", "value": 10000},
                   "action": {"requiresApproval": true, "approvers": ["cfo@acme.example"]}}],
 "attachments": {"maxSizeBytes": 26214400, "allowedMimeTypes": ["application/pdf", "image/png"],
                 "processInlineImages": false, "combineAttachments": false},
 "senderNotifications": {"sendReceiptConfirmation": true, "sendProcessingComplete": false,
                         "sendErrorNotification": true},
 "duplicateDetection": {"enabled": true, "matchFields": ["invoice_number", "vendor_name"],
                        "lookbackHours": 720, "action": "flag"},
 "internalNotifications": {"recipients": ["ap@acme.example"], "events": ["human_review_needed"], "digestMode": true},
 "webhooks": {"url": "https://hooks.acme.example/intake", "secret": "s3cret", "events": ["email.received"]},
 "processingPriority": "normal", "maxProcessingTimeMs": 60000}`) as Record<string, unknown>;

const minimal = (emailPrefix: string, extra: Record<string, unknown> = {}) => ({
  emailPrefix,
  defaultDocumentType: 'vendor_bill',
  ...extra,
});

describe.each(DB_KINDS)('email ingestion configuration API on %s', (kind) => {
  let api: ApiHarness;
  let org: { org_id: string; live_key: string };
  let other: { org_id: string; live_key: string };
  beforeAll(async () => {
    api = await startApi(kind);
    org = await api.createOrg({ name: 'A' });
    other = await api.createOrg({ name: 'B' });
  });
  afterAll(() => api.close());

  const call = (method: string, path: string, body?: unknown, key = org.live_key) =>
    api.call(method, path, { key, body });

  it('accepts the example body of the issue (201) and GET returns it with defaults filled', async () => {
    const created = await call('POST', PATH, ISSUE_EXAMPLE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(ISSUE_EXAMPLE);
    expect(created.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const got = await call('GET', `${PATH}/ap`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    expect(got.body.senderNotifications).toEqual({
      sendReceiptConfirmation: true,
      sendProcessingComplete: false,
      sendErrorNotification: true,
    });
  });

  it("fills the spec's defaults for a minimal body and lowercases the prefix", async () => {
    const res = await call('POST', PATH, minimal('Inbox-2'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      emailPrefix: 'inbox-2',
      autoClassify: true,
      isActive: true,
      confidenceThresholds: { autoProcess: 0.9, reviewFlag: 0.7, humanReview: 0.5 },
      classificationOverrides: [],
      processingPriority: 'normal',
      maxProcessingTimeMs: 120000,
      routingRules: [],
      internalNotifications: { recipients: [], events: [], digestMode: false },
      attachments: {
        maxSizeBytes: 25 * 1024 * 1024,
        allowedMimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff'],
        processInlineImages: false,
        combineAttachments: false,
      },
      senderNotifications: {
        sendReceiptConfirmation: false,
        sendProcessingComplete: false,
        sendErrorNotification: false,
      },
      duplicateDetection: {
        enabled: true,
        matchFields: ['invoice_number', 'vendor_name'],
        lookbackHours: 720,
        action: 'flag',
      },
    });
    expect(res.body).not.toHaveProperty('webhooks');
    expect((await call('GET', `${PATH}/INBOX-2`)).body.emailPrefix).toBe('inbox-2');
    const conflict = await call('POST', PATH, minimal('INBOX-2'));
    expect(conflict.status).toBe(409);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a prefix with a dot', minimal('a.b'), 'emailPrefix'],
    ['a prefix with a plus', minimal('a+b'), 'emailPrefix'],
    ['an empty prefix', minimal(''), 'emailPrefix'],
    ['a reserved prefix', minimal('postmaster'), 'emailPrefix'],
    ['a reserved prefix in capitals', minimal('No-Reply'), 'emailPrefix'],
    ['a missing document type', { emailPrefix: 'x1' }, 'defaultDocumentType'],
    [
      'a document type that is not snake_case',
      minimal('x1', { defaultDocumentType: 'Vendor Bill' }),
      'defaultDocumentType',
    ],
    [
      'a threshold above 1',
      minimal('x1', { confidenceThresholds: { autoProcess: 1.5 } }),
      'confidenceThresholds.autoProcess',
    ],
    [
      'a threshold below 0',
      minimal('x1', { confidenceThresholds: { humanReview: -0.1 } }),
      'confidenceThresholds.humanReview',
    ],
    [
      'reviewFlag above autoProcess',
      minimal('x1', { confidenceThresholds: { autoProcess: 0.6, reviewFlag: 0.7, humanReview: 0.5 } }),
      'confidenceThresholds.reviewFlag',
    ],
    [
      'humanReview above reviewFlag',
      minimal('x1', { confidenceThresholds: { humanReview: 0.8 } }),
      'confidenceThresholds.humanReview',
    ],
    ['an unknown priority', minimal('x1', { processingPriority: 'urgent' }), 'processingPriority'],
    [
      'an unknown duplicate action',
      minimal('x1', { duplicateDetection: { action: 'drop' } }),
      'duplicateDetection.action',
    ],
    [
      'an unknown internal event',
      minimal('x1', { internalNotifications: { events: ['party'] } }),
      'internalNotifications.events.0',
    ],
    [
      'a bad recipient address',
      minimal('x1', { internalNotifications: { recipients: ['not-an-address'] } }),
      'internalNotifications.recipients.0',
    ],
    [
      'an unknown webhook event',
      minimal('x1', { webhooks: { url: 'https://h.example/x', secret: 's', events: ['email.sent'] } }),
      'webhooks.events.0',
    ],
    [
      'an http webhook URL',
      minimal('x1', { webhooks: { url: 'http://h.example/x', secret: 's', events: ['email.received'] } }),
      'webhooks.url',
    ],
    [
      'a webhook URL that is not a URL',
      minimal('x1', { webhooks: { url: 'hooks', secret: 's', events: ['email.received'] } }),
      'webhooks.url',
    ],
    [
      'an unknown routing condition',
      minimal('x1', { routingRules: [{ condition: { type: 'weekday', value: 'monday' }, action: {} }] }),
      'routingRules.0.condition.type',
    ],
    [
      'a routing pattern that does not compile',
      minimal('x1', { routingRules: [{ condition: { type: 'subject_matches', pattern: '(?i)([a-z' }, action: {} }] }),
      'routingRules.0.condition.pattern',
    ],
    [
      'a backreference (not RE2)',
      minimal('x1', { routingRules: [{ condition: { type: 'subject_matches', pattern: '(a)\\1' }, action: {} }] }),
      'routingRules.0.condition.pattern',
    ],
    [
      'a lookahead (not RE2)',
      minimal('x1', { routingRules: [{ condition: { type: 'subject_matches', pattern: 'a(?=b)' }, action: {} }] }),
      'routingRules.0.condition.pattern',
    ],
    [
      'an unknown amount operator',
      minimal('x1', {
        routingRules: [{ condition: { type: 'extracted_amount', operator: 'about', value: 1 }, action: {} }],
      }),
      'routingRules.0.condition.operator',
    ],
    [
      'an unknown routing action priority',
      minimal('x1', {
        routingRules: [{ condition: { type: 'sender_domain', value: 'v.example' }, action: { priority: 'asap' } }],
      }),
      'routingRules.0.action.priority',
    ],
    [
      'an override with two conditions',
      minimal('x1', {
        classificationOverrides: [
          { condition: { senderDomain: 'a.example', subjectContains: 'x' }, documentType: 'receipt' },
        ],
      }),
      'classificationOverrides.0.condition',
    ],
    [
      'a media type Intake cannot read',
      minimal('x1', { attachments: { allowedMimeTypes: ['application/zip'] } }),
      'attachments.allowedMimeTypes.0',
    ],
    [
      'a size that is not a positive integer',
      minimal('x1', { attachments: { maxSizeBytes: 0 } }),
      'attachments.maxSizeBytes',
    ],
    ['an unknown member', minimal('x1', { colour: 'red' }), '(body)'],
    ['a read-only member', minimal('x1', { createdAt: '2026-01-01T00:00:00.000Z' }), '(body)'],
    [
      'an extractor id that is not one',
      minimal('x1', { extractors: { vendor_bill: 'nope' } }),
      'extractors.vendor_bill',
    ],
    ['an unknown extractor', minimal('x1', { extractors: { vendor_bill: 'ext_unknown' } }), 'extractors.vendor_bill'],
  ];

  it.each(cases)('refuses %s with 400 invalid_request and details', async (_label, body, path) => {
    const res = await call('POST', PATH, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await call('GET', `${PATH}/x1`)).status).toBe(404);
  });

  it('refuses a mapped extractor of another organization, and accepts one of its own', async () => {
    const theirs = (await call('POST', '/v1/extractors', invoiceExtractor(), other.live_key)).body.id;
    const refused = await call('POST', PATH, minimal('mapped', { extractors: { vendor_bill: theirs } }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('extractors.vendor_bill');
    const mine = (await call('POST', '/v1/extractors', invoiceExtractor())).body.id;
    const ok = await call('POST', PATH, minimal('mapped', { extractors: { vendor_bill: mine } }));
    expect(ok.status).toBe(201);
    expect(ok.body.extractors).toEqual({ vendor_bill: mine });
  });

  it('PATCH is a JSON merge patch: nested objects merge, null removes, arrays replace', async () => {
    await call('POST', PATH, minimal('merge', { ...ISSUE_EXAMPLE, emailPrefix: 'merge' }));
    // erpConnectionId must name one of the organization's connections.
    const unknownErp = await call('PATCH', `${PATH}/merge`, { erpConnectionId: 'erp_1' });
    expect(unknownErp.status).toBe(400);
    expect(unknownErp.body.error.details[0].path).toBe('erpConnectionId');
    const at = new Date().toISOString();
    await api.intake.stores.erp.insertConnection({
      id: 'erp_1',
      org_id: org.org_id,
      name: 'Books',
      type: 'http',
      url: 'https://erp.example/bills',
      description: null,
      is_active: true,
      created_at: at,
      updated_at: at,
      secret: 'erpsec_x',
    });
    const res = await call('PATCH', `${PATH}/MERGE`, {
      attachments: { combineAttachments: true },
      confidenceThresholds: { humanReview: 0.4 },
      routingRules: [{ condition: { type: 'sender_domain', value: 'other.example' }, action: { assignTo: 'team-b' } }],
      webhooks: null,
      internalNotifications: null,
      erpConnectionId: 'erp_1',
    });
    expect(res.status).toBe(200);
    expect(res.body.attachments).toEqual({
      maxSizeBytes: 26214400,
      allowedMimeTypes: ['application/pdf', 'image/png'],
      processInlineImages: false,
      combineAttachments: true,
    });
    expect(res.body.confidenceThresholds).toEqual({ autoProcess: 0.9, reviewFlag: 0.7, humanReview: 0.4 });
    expect(res.body.routingRules).toEqual([
      { condition: { type: 'sender_domain', value: 'other.example' }, action: { assignTo: 'team-b' } },
    ]);
    expect(res.body).not.toHaveProperty('webhooks');
    // Removing a member that has a default restores the default.
    expect(res.body.internalNotifications).toEqual({ recipients: [], events: [], digestMode: false });
    expect(res.body.erpConnectionId).toBe('erp_1');
    expect(res.body.classificationOverrides).toHaveLength(2);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
    const got = await call('GET', `${PATH}/merge`);
    expect(got.body).toEqual(res.body);
    const removed = await call('PATCH', `${PATH}/merge`, {
      erpConnectionId: null,
      attachments: { allowedMimeTypes: null },
    });
    expect(removed.body).not.toHaveProperty('erpConnectionId');
    expect(removed.body.attachments.allowedMimeTypes).toHaveLength(5);
  });

  it('PATCH re-validates the merged result and changes nothing when refusing', async () => {
    await call('POST', PATH, minimal('revalidate'));
    const refusals: [unknown, string][] = [
      [{ confidenceThresholds: { reviewFlag: 0.95 } }, 'confidenceThresholds.reviewFlag'],
      [{ defaultDocumentType: null }, 'defaultDocumentType'],
      [{ emailPrefix: 'elsewhere' }, 'emailPrefix'],
      [{ emailPrefix: 'admin' }, 'emailPrefix'],
      [{ webhooks: { url: 'http://h.example/x' } }, 'webhooks.url'],
      [
        { routingRules: [{ condition: { type: 'subject_matches', pattern: '[' }, action: {} }] },
        'routingRules.0.condition.pattern',
      ],
      [{ isActive: 'no' }, 'isActive'],
      [{ createdAt: 'x' }, '(body)'],
      [['not', 'an', 'object'], '(body)'],
    ];
    for (const [patch, path] of refusals) {
      const res = await call('PATCH', `${PATH}/revalidate`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(patch),
      ).toContain(path);
    }
    const same = await call('PATCH', `${PATH}/revalidate`, { emailPrefix: 'REVALIDATE', isActive: false });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      emailPrefix: 'revalidate',
      isActive: false,
      confidenceThresholds: { reviewFlag: 0.7 },
    });
    expect(same.body).not.toHaveProperty('webhooks');
  });

  it("409 for a prefix another organization holds; 404 for another organization's prefix", async () => {
    expect((await call('POST', PATH, minimal('shared'), other.live_key)).status).toBe(201);
    const taken = await call('POST', PATH, minimal('Shared'));
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${PATH}/shared`, body);
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await call('GET', `${PATH}/shared`, undefined, other.live_key)).body.isActive).toBe(true);
    const list = await call('GET', PATH);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(list.body.configs.length);
    expect(list.body.configs.map((c: { emailPrefix: string }) => c.emailPrefix)).not.toContain('shared');
    expect(list.body.configs.map((c: { emailPrefix: string }) => c.emailPrefix)).toContain('ap');
  });

  it('checks scopes: read for GET, write for POST, PATCH and DELETE', async () => {
    await call('POST', PATH, minimal('scoped'));
    const keyWith = async (scopes: string[]) =>
      (await call('POST', '/v1/api-keys', { name: scopes.join(','), environment: 'live', scopes })).body.key as string;
    const reader = await keyWith(['email_ingestion:read']);
    const writer = await keyWith(['email_ingestion:write']);
    const neither = await keyWith(['extractors:read']);
    expect((await call('GET', PATH, undefined, reader)).status).toBe(200);
    expect((await call('GET', `${PATH}/scoped`, undefined, reader)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', PATH, minimal('scoped-2')],
      ['PATCH', `${PATH}/scoped`, { isActive: false }],
      ['DELETE', `${PATH}/scoped`, undefined],
    ] as const) {
      const res = await call(method, path, body, reader);
      expect(res.status, method).toBe(403);
      expect(res.body.error.code).toBe('insufficient_permissions');
    }
    expect((await call('GET', PATH, undefined, writer)).status).toBe(403);
    expect((await call('GET', `${PATH}/scoped`, undefined, neither)).status).toBe(403);
    expect((await call('PATCH', `${PATH}/scoped`, { isActive: false }, writer)).status).toBe(200);
  });

  it('deletes with 204, then the prefix is 404 and free again', async () => {
    await call('POST', PATH, minimal('gone'));
    const res = await call('DELETE', `${PATH}/GONE`);
    expect(res.status).toBe(204);
    expect((await call('GET', `${PATH}/gone`)).status).toBe(404);
    expect((await call('DELETE', `${PATH}/gone`)).status).toBe(404);
    expect((await call('POST', PATH, minimal('gone'), other.live_key)).status).toBe(201);
  });

  it('authenticates unknown /api/ paths before answering 404', async () => {
    const anonymous = await api.call('GET', '/api/email-ingestion/nothing-here');
    expect(anonymous.status).toBe(401);
    expect((await call('GET', '/api/email-ingestion/nothing-here')).status).toBe(404);
  });
});
