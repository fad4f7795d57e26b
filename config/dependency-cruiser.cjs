/**
 * Import direction: test -> daemon -> adapters -> core. Core stays plain TypeScript; no adapter
 * imports another; nothing imports test/ or examples/; no import circle; jobs/ knows nothing of email.
 * The extraction lab (packages/extraction-lab, private) is a development tool beside the tests: it
 * may use the daemon and every package, and only tests import it.
 * Run by `npm run depcheck` inside `npm test`.
 */
const LAB = '^packages/extraction-lab/';
const ADAPTERS = '^packages/(?!core/|extraction-lab/)[^/]+/';
/** Core's email contexts (all under email/, see docs/architecture.md) and the ERP context that pushes their bills. */
const EMAIL_CONTEXTS = '^packages/core/src/(email/|erp/)';
/**
 * Context folders of core with a front door (index.ts): files outside such a folder import it only
 * through its index.ts. Not contexts, so free to reach inside: ports/, shared/ and testing/ (a port
 * names a context's record type; through the index it would sit in an import circle), the package
 * entries (index.ts, jobs/package-entry.ts, email/index.ts) and the composition files that wire services and job hooks
 * (intake.ts, email/inbound-mail.ts, email/inbound-mail-service.ts). A context no other context uses
 * (triage, organizations, ...) has no index: nothing outside it but the composition may import it.
 */
const FRONT_DOORS = [
  'email/prefixes',
  'email/inbound',
  'email/routing',
  'email/duplicates',
  'email/notifications',
  'email/triage',
  'keys',
  'webhooks',
  'erp',
  'credits',
  'extractors',
  'extraction',
  'classification',
  'vendors',
  'learning',
  'corrections',
  'pages',
  'sessions',
  'jobs',
  'organizations',
];
const BEHIND_FRONT_DOOR = `^packages/core/src/(${FRONT_DOORS.join('|')})/(?!index\\.ts$)`;
const CORE_NOT_CONTEXT = ['^packages/core/src/(ports|shared|testing)/', '^packages/core/src/email/[^/]+\\.ts$'];
/** Node's modules that read or write the world: files, sockets, DNS, HTTP(S), TLS, processes, threads, the machine. */
const NODE_IO =
  '^(node:)?(fs|fs/promises|net|dns|dns/promises|http|https|http2|tls|dgram|child_process|cluster|worker_threads|os|process|readline|repl|tty|inspector|v8|vm|module)$';
/**
 * The files of core allowed to import one of NODE_IO anyway, each with its reason:
 * - webhooks/ip-address.ts: node:net's address arithmetic (isIP, BlockList), which opens no socket
 *   and asks no DNS; the webhook address policy's rules use it, its lookups and connections are
 *   packages/webhook-https's.
 */
const CORE_IO_ALLOWED = ['^packages/core/src/webhooks/ip-address\\.ts$'];
module.exports = {
  forbidden: [
    {
      name: 'core-is-plain',
      comment: 'core may not depend on frameworks, drivers or adapters (STYLE.md habit 1)',
      severity: 'error',
      from: { path: '^packages/core/src/(?!testing/)' },
      to: {
        path: [
          'node_modules/(koa|@koa|knex|pg|@electric-sql|smtp-server|node-cron|inversify|pino|nodemailer|mailparser)/',
          '^packages/(?!core/)',
          '^daemon/',
          '^test/',
        ],
      },
    },
    {
      name: 'core-does-no-io',
      comment:
        "no file of core mixes I/O with domain rules: core imports none of node's I/O modules (files, sockets, DNS, HTTP, TLS, processes, threads, the machine); adapters do I/O behind ports",
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: CORE_IO_ALLOWED },
      to: { dependencyTypes: ['core'], path: NODE_IO },
    },
    {
      name: 'core-testing-only-vitest',
      severity: 'error',
      from: { path: '^packages/core/src/testing/' },
      to: {
        path: ['^packages/(?!core/)', '^daemon/', '^test/', 'node_modules/(koa|@koa|knex|pg|@electric-sql|inversify)/'],
      },
    },
    {
      name: 'adapters-not-upwards',
      comment: 'an adapter depends on core only: not on another adapter, the daemon or tests',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: ['^daemon/', '^test/', '^examples/'] },
    },
    {
      name: 'only-tests-use-the-lab',
      comment: 'the lab is never published: nothing that ships may import it',
      severity: 'error',
      from: { pathNot: ['^test/', LAB] },
      to: { path: LAB },
    },
    {
      name: 'lab-not-to-tests',
      severity: 'error',
      from: { path: LAB },
      to: { path: ['^test/', '^examples/', '^packages/core/src/testing/'] },
    },
    {
      name: 'no-adapter-to-adapter',
      severity: 'error',
      from: { path: '^packages/([^/]+)/', pathNot: LAB },
      to: { path: '^packages/([^/]+)/', pathNot: ['^packages/$1/', '^packages/core/'] },
    },
    {
      name: 'daemon-not-to-tests',
      severity: 'error',
      from: { path: '^daemon/' },
      to: { path: ['^test/', '^examples/', '^packages/core/src/testing/'] },
    },
    {
      name: 'nothing-imports-examples',
      severity: 'error',
      from: { pathNot: '^examples/' },
      to: { path: '^examples/' },
    },
    {
      name: 'jobs-know-no-email',
      comment:
        'the queue knows nothing of email: email contexts act on jobs through JobHooks (jobs/job-hooks.ts); the routing and duplicate verdicts a job keeps have their shapes in jobs/ (job-routing.ts, job-duplicate.ts)',
      severity: 'error',
      from: { path: '^packages/core/src/jobs/' },
      to: { path: EMAIL_CONTEXTS },
    },
    {
      name: 'jobs-know-no-duplicates',
      comment:
        'the job record owns the shape of its duplicate verdict (jobs/job-duplicate.ts); duplicates/ decides verdicts and depends on jobs, never the other way',
      severity: 'error',
      from: { path: '^packages/core/src/jobs/' },
      to: { path: '^packages/core/src/email/duplicates/' },
    },
    {
      name: 'prefixes-know-no-erp',
      comment:
        'erp depends on prefixes (a prefix names its connection, its events carry the syncs), never the other way: the folders stay out of a circle',
      severity: 'error',
      from: { path: '^packages/core/src/email/prefixes/' },
      to: { path: '^packages/core/src/erp/' },
    },
    {
      name: 'inbound-knows-no-notifications',
      comment:
        'notifications read inbound messages and register a MessageHooks (inbound/message-hooks.ts) on the inbound service (composed in inbound-mail.ts): inbound never imports notifications',
      severity: 'error',
      from: { path: '^packages/core/src/email/inbound/' },
      to: { path: '^packages/core/src/email/notifications/' },
    },
    {
      name: 'prefixes-know-no-inbound',
      comment:
        "inbound reads a prefix's configuration, never the other way: the message events and IMAP import live in inbound, the `unauthenticated` policies in the configuration schema",
      severity: 'error',
      from: { path: '^packages/core/src/email/prefixes/' },
      to: { path: '^packages/core/src/email/inbound/' },
    },
    {
      name: 'inbound-knows-no-triage',
      comment:
        "triage resolves a document through inbound's attachment pipeline; inbound classifies through the DocumentClassifier port (ports/document-classifier.port.ts) and queues through the triage store's port, and the façade that holds both is email/inbound-mail-service.ts: inbound never imports triage",
      severity: 'error',
      from: { path: '^packages/core/src/email/inbound/' },
      to: { path: '^packages/core/src/email/triage/' },
    },
    {
      name: 'extraction-knows-no-vendors',
      comment:
        'vendors/ remembers the payment details the extraction reads, so it depends on extraction/, never the other way: the identity a document names is extraction/payment-details/vendor-identity.ts',
      severity: 'error',
      from: { path: '^packages/core/src/extraction/' },
      to: { path: '^packages/core/src/vendors/' },
    },
    {
      name: 'jobs-know-no-vendors',
      comment:
        'the job record owns the shape of its payment-details verdict (jobs/job-payment-details.ts); vendors/ decides it in a job hook and depends on jobs, never the other way',
      severity: 'error',
      from: { path: '^packages/core/src/jobs/' },
      to: { path: '^packages/core/src/vendors/' },
    },
    {
      name: 'extraction-knows-no-learning',
      comment:
        "learning/ learns hints from corrections with the extraction's tools; the extraction owns the hint it applies and the keys a vendor is recognised by (extraction/hints/): it never imports learning",
      severity: 'error',
      from: { path: '^packages/core/src/extraction/' },
      to: { path: '^packages/core/src/learning/' },
    },
    {
      name: 'keys-know-no-organizations',
      comment:
        "organizations make their first keys through the key service, so they depend on keys, never the other way: the key service asks an organization's rate limit through OrganizationRateLimits (keys/api-key-service.ts), which organizations/ answers and the composition passes",
      severity: 'error',
      from: { path: '^packages/core/src/keys/' },
      to: { path: '^packages/core/src/organizations/' },
    },
    {
      name: 'contexts-through-front-doors',
      comment:
        "a context's index.ts names what others may use: another context, or a composition file, imports that and nothing behind it (docs/architecture.md, Front doors)",
      severity: 'error',
      from: { path: '^packages/core/src/((?:email/)?[^/]+)/', pathNot: CORE_NOT_CONTEXT },
      to: { path: BEHIND_FRONT_DOOR, pathNot: '^packages/core/src/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'no import circle, type-only ones included; the migrations list and its migrations excepted',
      severity: 'error',
      from: { pathNot: '^packages/storage-sql/src/migrations/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output (npm run build) mirrors src/: cruise the sources only.
    exclude: { path: '^(packages/[^/]+|daemon)/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@intake/source', 'import', 'default'],
      extensions: ['.ts', '.js', '.mjs'],
    },
  },
};
