import fc from 'fast-check';

/**
 * Malformed requests for one operation of the OpenAPI document: the arbitraries the HTTP fuzz suite
 * draws from. Everything here is built from what the document says about the operation (its path
 * parameters, query parameters and body members), so new routes are fuzzed without new code.
 */

export interface Operation {
  method: string;
  /** OpenAPI form: /v1/extractors/{extractor_id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Member names of the JSON body (empty when the schema names none). */
  bodyMembers: string[];
  hasBody: boolean;
  upload: boolean;
  authenticated: boolean;
}

export interface FuzzRequest {
  /** Which kind of malformation, for the counts. */
  kind: string;
  method: string;
  /** Already percent-encoded where it should be. */
  url: string;
  headers: Record<string, string>;
  /** Sent in these pieces, chunked (no Content-Length) when there is more than one. */
  body: Buffer[];
  /** Bytes written to the connection as they are, instead of a request built from the above. */
  raw?: Buffer;
}

/** Ids that exist (seeded by the suite), by path parameter name; others get made-up ones. */
export type KnownIds = Record<string, string[]>;

export interface Limits {
  /** The JSON body limit: bodies just above it are sent to check the 413. */
  maxBodyBytes: number;
  /** The JSON body limit of uploads (base64 makes documents larger). */
  maxUploadJsonBytes: number;
}

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

/** Strings that cannot be stored or are unusual enough to trip a decoder. */
const hostileString = fc.oneof(
  fc.constantFrom(
    NUL,
    `a${NUL}b`,
    LONE_HIGH,
    `x${LONE_LOW}`,
    `${LONE_LOW}${LONE_HIGH}`,
    '',
    ' ',
    '\uFFFF',
    '\u{10FFFF}',
    '\u202E',
    '\r\n',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '${jndi:x}',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** A JSON value of any type, including deep, huge and hostile ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -1e308, 1e308, 2 ** 53 + 1, -0, [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A body object with the operation's members (and some strangers) set to hostile values. */
const wrongTypesBody = (members: string[]) =>
  fc
    .tuple(
      members.length ? fc.subarray(members) : fc.constant<string[]>([]),
      fc.array(hostileValue, { minLength: members.length, maxLength: members.length }),
      fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }),
    )
    .map(([chosen, values, extra]) => ({
      ...extra,
      ...Object.fromEntries(chosen.map((m) => [m, values[members.indexOf(m)]])),
    }));

/** JSON text that nests `depth` arrays or objects, at a random member. */
const deepJson = (members: string[]) =>
  fc
    .tuple(
      fc.constantFrom(65, 100, 1_000, 50_000, 200_000),
      fc.constantFrom(['[', ']'], ['{"a":', '}']),
      fc.constantFrom(...members, 'metadata'),
    )
    .map(([depth, [open, close], member]) => `{"${member}": ${open.repeat(depth)}1${close.repeat(depth)}}`);

/** JSON-escaped text (JSON.stringify) of a hostile string in a member value or name. */
const escapedHostile = (members: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...members, 'metadata', 'name'),
      fc.constantFrom('\\u0000', '\\ud800', '\\udfff', 'a\\u0000', '\\ud83d\\u0000'),
      fc.boolean(),
    )
    .map(([member, escape, asName]) =>
      asName ? `{"${escape}": "v", "${member}": "x"}` : `{"${member}": "${escape}"}`,
    );

const invalidJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a" 1}',
    '[1,]',
    "{'a': 1}",
    'nul',
    'tru',
    '01',
    '"unterminated',
    '{"a": "\\x"}',
    '{"a": "\\u12"}',
    '\u0000',
    '\ufeff{}',
    '{}{}',
    '{"a":1,}',
    '/* c */ {}',
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

/** A valid JSON text cut short. */
const truncatedJson = (members: string[]) =>
  fc.tuple(wrongTypesBody(members), fc.double({ min: 0, max: 0.99, noNaN: true })).map(([body, cut]) => {
    const text = JSON.stringify(body);
    return text.slice(0, Math.max(1, Math.floor(text.length * cut)));
  });

const boundary = 'fuzzboundary';
const part = (name: string, value: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;

/** multipart/form-data bodies: truncated, garbage, with hostile fields, or more files than allowed. */
const multipartBody = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('%PDF-1.4 abc', '\x89PNG\r\n\x1a\n', 'garbage'), fc.integer({ min: 1, max: 60 }))
      .map(([content, cut]) => {
        const whole = `${part('extractor_id', 'ext_x')}${part('file', content, 'a.pdf')}--${boundary}--\r\n`;
        return whole.slice(0, Math.max(1, whole.length - cut));
      }),
  },
  fc.constantFrom(
    'not multipart at all',
    `--${boundary}\r\n\r\n\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
    `${part('file', 'a', 'a.pdf')}${part('file', 'b', 'b.pdf')}--${boundary}--\r\n`,
    `${part('other', 'a', 'a.pdf')}--${boundary}--\r\n`,
    `${part('extractor_id', 'ext_x')}--${boundary}--\r\n`,
  ),
  fc
    .tuple(
      fc.constantFrom('extractor_id', 'metadata', 'mime_type'),
      fc.oneof(
        hostileString,
        fc.constantFrom('{"a": "\\u0000"}', `{"a": ${'['.repeat(7000)}${']'.repeat(7000)}}`, '{', '[1]', 'null'),
      ),
    )
    .map(([name, value]) => `${part(name, value)}${part('file', '%PDF-1.4 x', 'a.pdf')}--${boundary}--\r\n`),
);

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'image/png',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
  '',
  'application/jsonx',
  '*/*',
);

/** Path parameter values that name nothing (or cannot name anything); percent-encoded as a client would send them. */
const badId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%ED%BF%BF') },
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%AE',
    '%FF',
    '%25',
    '%',
    '%zz',
    '..',
    '%2E%2E',
    '%2F',
    '-1',
    '0',
    '1e309',
    'null',
    'undefined',
    '%20',
    'ext_',
    '%F0%9F%98%80',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 200, max: 4_000 }).map((n) => 'i'.repeat(n)),
);

const badQueryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('%00', 'a%00', '%00%00', '%ED%A0%80') },
  fc.constantFrom(
    '%00',
    'a%00',
    '%ED%A0%80',
    '-1',
    '0',
    '101',
    '1000000',
    '99999999999999999999999',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '1.5',
    '0x10',
    'true',
    'abc',
    '',
    '%',
    '2024-13-45',
    '9999-99-99T99:99:99Z',
    '24h',
    '1000d',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 500, max: 3_000 }).map((n) => 'q'.repeat(n)),
);

const GOOD_QUERY: Record<string, string> = { limit: '10', offset: '0' };

export interface RequestContext {
  operation: Operation;
  /** A key with every scope; some requests go with another credential or none. */
  key: string;
  testKey: string;
  ids: KnownIds;
  limits: Limits;
}

/** Every kind of malformed request the operation can receive, one arbitrary per kind. */
export function malformedRequests(c: RequestContext): fc.Arbitrary<FuzzRequest>[] {
  const { operation: op } = c;
  const members = op.bodyMembers.length ? op.bodyMembers : ['value'];
  const pathArb = pathFor(c);
  const queryArb = fc.constant(op.queryParams.filter((q) => q in GOOD_QUERY).map((q) => `${q}=${GOOD_QUERY[q]}`));
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${c.key}`) },
    fc.constant(`Bearer ${c.testKey}`),
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer sk_live_x',
      'Basic Zm9vOmJhcg==',
      `Bearer ${c.key}${NUL.replace(NUL, '%00')}`,
      'Bearer sk_test_' + 'a'.repeat(500),
    ),
  );
  const base = fc.record({ path: pathArb, query: queryArb, authorization: auth });

  const json = (
    kind: string,
    text: fc.Arbitrary<string>,
    contentType: fc.Arbitrary<string> = fc.constant('application/json'),
  ) =>
    fc
      .tuple(base, text, contentType)
      .map(([b, body, type]) => request(c, kind, b, type ? { 'content-type': type } : {}, [Buffer.from(body, 'utf8')]));

  const kinds: fc.Arbitrary<FuzzRequest>[] = [
    // Bad ids and out-of-range queries reach every route, with or without a body.
    fc
      .tuple(base, fc.array(badId, { minLength: 1, maxLength: 3 }))
      .map(([b, ids]) => request(c, 'bad id', { ...b, path: fillPath(op.path, (i) => ids[i % ids.length]!) }, {}, [])),
    fc
      .tuple(
        base,
        fc.constantFrom(...op.queryParams, 'limit', 'offset', 'unknown', 'metadata[a]', 'metadata[%00]'),
        badQueryValue,
        fc.boolean(),
      )
      .map(([b, name, value, twice]) =>
        request(
          c,
          'bad query',
          {
            ...b,
            query: [
              ...b.query.filter((q) => !q.startsWith(`${name}=`)),
              `${name}=${value}`,
              ...(twice ? [`${name}=${value}`] : []),
            ],
          },
          {},
          [],
        ),
      ),
    json('wrong content type', fc.constant('{}'), wrongContentType),
    fc.tuple(base, rawHttp(op)).map(([b, raw]) => ({
      ...request(c, 'broken HTTP', b, {}, []),
      raw: Buffer.from(raw.replace('AUTH', b.authorization), 'latin1'),
    })),
  ];
  if (op.hasBody || op.method !== 'get') {
    kinds.push(
      json('invalid JSON', invalidJson),
      json('truncated JSON', truncatedJson(members)),
      json(
        'wrong types',
        wrongTypesBody(members).map((b) => JSON.stringify(b)),
      ),
      json('NUL or lone surrogate', escapedHostile(members)),
      json('top-level non-object', fc.constantFrom('[]', '1', '"s"', 'null', 'true', '[{}]')),
      json('deep nesting', deepJson(members)),
      json(
        'huge string',
        fc
          .tuple(fc.constantFrom(...members), fc.integer({ min: 100_000, max: 900_000 }))
          .map(([m, n]) => `{"${m}": "${'h'.repeat(n)}"}`),
      ),
      fc
        .tuple(
          base,
          fc.constantFrom(
            c.limits.maxBodyBytes + 1,
            op.upload ? c.limits.maxUploadJsonBytes + 10 : c.limits.maxBodyBytes * 2,
          ),
          fc.boolean(),
        )
        .map(([b, size, chunked]) => {
          const body = Buffer.alloc(size, 0x20);
          body.write(`{"${members[0]}": "`);
          return request(c, 'oversized', b, { 'content-type': 'application/json' }, chunked ? split(body, 16) : [body]);
        }),
      fc
        .tuple(
          base,
          fc.oneof(
            wrongTypesBody(members).map((b) => JSON.stringify(b)),
            invalidJson,
            deepJson(members),
          ),
          fc.integer({ min: 2, max: 8 }),
        )
        .map(([b, text, pieces]) =>
          request(c, 'chunked', b, { 'content-type': 'application/json' }, split(Buffer.from(text, 'utf8'), pieces)),
        ),
      fc.tuple(base, multipartBody, fc.boolean()).map(([b, text, chunked]) => {
        const body = Buffer.from(text, 'latin1');
        return request(
          c,
          'multipart',
          b,
          { 'content-type': `multipart/form-data; boundary=${boundary}` },
          chunked ? split(body, 3) : [body],
        );
      }),
    );
  }
  return kinds;
}

/** Bytes that are not (quite) HTTP/1.1: what Node's parser refuses before the app sees a request. */
const rawHttp = (op: Operation) => {
  const target = op.path.replace(/\{\w+\}/g, 'x');
  const head = `${op.method.toUpperCase()} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: AUTH\r\nConnection: close\r\n`;
  return fc.oneof(
    fc.constantFrom(
      'GARBAGE\r\n\r\n',
      `${op.method.toUpperCase()} ${target} HTTP/9.9\r\n\r\n`,
      `${head}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `${head}Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      `${head}Content-Length: -1\r\n\r\n`,
      `${head}Content-Length: 1, 2\r\n\r\n{}`,
      `${head}X-Bad: a\u0000b\r\n\r\n`,
      `${head}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      `${op.method.toUpperCase()} /${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ),
    fc
      .uint8Array({ minLength: 1, maxLength: 100 })
      .map((bytes) => `${head}\r\n`.slice(0, 20) + Buffer.from(bytes).toString('latin1') + '\r\n\r\n'),
  );
};

function request(
  c: RequestContext,
  kind: string,
  b: { path: string; query: string[]; authorization: string },
  headers: Record<string, string>,
  body: Buffer[],
): FuzzRequest {
  const all: Record<string, string> = { ...headers };
  if (c.operation.authenticated && b.authorization) all.authorization = b.authorization;
  return {
    kind,
    method: c.operation.method.toUpperCase(),
    url: b.query.length ? `${b.path}?${b.query.join('&')}` : b.path,
    headers: all,
    body,
  };
}

/** The operation's path with each parameter an id that exists, or a made-up one. */
function pathFor(c: RequestContext): fc.Arbitrary<string> {
  const { pathParams, path } = c.operation;
  if (!pathParams.length) return fc.constant(path);
  const values = pathParams.map((name) => {
    const known = c.ids[name] ?? [];
    return known.length
      ? fc.oneof(fc.constantFrom(...known), fc.constant(`${name}_unknown`))
      : fc.constant(`${name}_unknown`);
  });
  return fc.tuple(...values).map((ids) => fillPath(path, (i) => encodeURIComponent(ids[i]!)));
}

const fillPath = (path: string, valueAt: (index: number) => string): string => {
  let i = 0;
  return path.replace(/\{\w+\}/g, () => valueAt(i++));
};

function split(body: Buffer, pieces: number): Buffer[] {
  const size = Math.max(1, Math.ceil(body.length / pieces));
  const out: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) out.push(body.subarray(i, i + size));
  return out.length ? out : [body];
}
