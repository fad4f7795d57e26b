/**
 * The README is what a user has instead of the spec: its quickstart extractor, its lists and its
 * routing example must be what Intake accepts and does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIntake, RECOMMENDED_FIELDS } from '@intake/core';
import { AMOUNT_OPERATORS, EmailIngestionConfigInputSchema, RESERVED_PREFIXES } from '@intake/core/internal';
import { createMemoryStores } from '@intake/core/testing';
import { REPO_ROOT } from '../support/processes.js';

const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const section = (heading: string) => {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 4);
  return readme.slice(start, end === -1 ? undefined : end);
};

describe('README', () => {
  it('quickstart: the extractor body is accepted, and its pattern takes real invoice numbers', async () => {
    const quickstart = section('Quickstart');
    const body = /-d '(\{\n\s+"name": "Supplier invoices"[\s\S]*?\})'/.exec(quickstart)?.[1];
    expect(body, 'the quickstart creates an extractor with curl -d').toBeDefined();
    const parsed = JSON.parse(body!) as { field_definitions: { name: string; validation?: { pattern?: string } }[] };
    const intake = createIntake({ stores: createMemoryStores() });
    const { organization } = await intake.organizations.create({ name: 'Readme' });
    await expect(intake.extractors.create(organization.id, parsed, 'admin')).resolves.toMatchObject({
      name: 'Supplier invoices',
    });
    // Validation compiles patterns as unicode-mode JavaScript regular expressions.
    const pattern = new RegExp(
      parsed.field_definitions.find((f) => f.name === 'invoice_number')!.validation!.pattern!,
      'u',
    );
    for (const number of ['RE-20190610/507', 'INV/2023/03/0008', 'INV-2026-0042', '48213'])
      expect(number).toMatch(pattern);
    for (const junk of ['', ' INV-1', 'Invoice #12']) expect(junk).not.toMatch(pattern);
  });

  it('quickstart: uses a live key with credits and says plainly what a test key returns', () => {
    const quickstart = section('Quickstart');
    expect(quickstart).toMatch(/^KEY=sk_live_/m);
    expect(quickstart).toMatch(/npx intake credits add --org org_\.\.\. --amount \d+/);
    expect(quickstart).toMatch(/test key[^.]*does not read the document at all: it returns\s+made-up values/i);
  });

  it('lists the reserved prefixes, the amount operators and the recommended field sets as the code has them', () => {
    const fields = section('Fields, validation and document types');
    expect(fields.replace(/\s+/g, ' ')).toContain(RESERVED_PREFIXES.map((p) => `\`${p}\``).join(', '));
    for (const operator of AMOUNT_OPERATORS) expect(fields).toContain(`\`${operator}\``);
    for (const [type, definitions] of Object.entries(RECOMMENDED_FIELDS)) {
      const row = fields.split('\n').find((l) => l.startsWith(`| \`${type}\` |`));
      expect(row, `a row for ${type}`).toBeDefined();
      const [, , required, optional] = row!.split('|').map((c) => c.trim());
      const listed = (cell: string) => [...cell.matchAll(/`(\w+)` (\w+)/g)].map((m) => `${m[1]}:${m[2]}`).sort();
      expect(listed(required!)).toEqual(
        definitions
          .filter((d) => d.required)
          .map((d) => `${d.name}:${d.type}`)
          .sort(),
      );
      expect(listed(optional!)).toEqual(
        definitions
          .filter((d) => !d.required)
          .map((d) => `${d.name}:${d.type}`)
          .sort(),
      );
    }
  });

  it('the routing rule example is a valid rule', () => {
    const fields = section('Fields, validation and document types');
    const rule = /```json\n([\s\S]*?)\n```/.exec(fields)?.[1];
    expect(rule).toBeDefined();
    const parsed = EmailIngestionConfigInputSchema.safeParse({
      emailPrefix: 'ap',
      defaultDocumentType: 'invoice',
      routingRules: [JSON.parse(rule!)],
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('documents WEBHOOKS_ALLOW_LOCALHOST as off by default, and how long npm test takes', () => {
    expect(section('Configuration')).toMatch(/^\| `WEBHOOKS_ALLOW_LOCALHOST` \| `false` \|/m);
    expect(section('Development')).toMatch(/`npm test` takes about \d+ minutes on a 2-core machine/);
  });
});
