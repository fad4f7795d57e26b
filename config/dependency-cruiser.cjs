/**
 * Import direction: test -> daemon -> adapters -> core. Core stays plain TypeScript; no adapter
 * imports another; nothing imports test/ or examples/. Run by `npm run depcheck` inside `npm test`.
 */
const ADAPTERS = '^packages/(?!core/)[^/]+/';
module.exports = {
  forbidden: [
    {
      name: 'core-is-plain',
      comment: 'core may not depend on frameworks, drivers or adapters (STYLE.md habit 1)',
      severity: 'error',
      from: { path: '^packages/core/src/(?!testing/)' },
      to: { path: ['node_modules/(koa|@koa|knex|pg|@electric-sql|smtp-server|node-cron|inversify|pino|nodemailer|mailparser)/', '^packages/(?!core/)', '^daemon/', '^test/'] },
    },
    {
      name: 'core-testing-only-vitest',
      severity: 'error',
      from: { path: '^packages/core/src/testing/' },
      to: { path: ['^packages/(?!core/)', '^daemon/', '^test/', 'node_modules/(koa|@koa|knex|pg|@electric-sql|inversify)/'] },
    },
    {
      name: 'adapters-not-upwards',
      comment: 'an adapter depends on core only: not on another adapter, the daemon or tests',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: ['^daemon/', '^test/', '^examples/'] },
    },
    {
      name: 'no-adapter-to-adapter',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
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
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output (npm run build) mirrors src/: cruise the sources only.
    exclude: { path: '^(packages/[^/]+|daemon)/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['@intake/source', 'import', 'default'], extensions: ['.ts', '.js', '.mjs'] },
  },
};
