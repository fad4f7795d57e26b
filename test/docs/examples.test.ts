/**
 * The README and the handbook are what a user has instead of the spec: the quickstart's extractor,
 * the lists and the routing example must be what Intake accepts and does.
 */
import { describe, expect, it } from 'vitest';
import { createIntake, RECOMMENDED_FIELDS } from '@intake/core';
import { AMOUNT_OPERATORS, EmailIngestionConfigInputSchema, RESERVED_PREFIXES } from '@intake/core/email';
import { createMemoryStores } from '@intake/core/testing';
import { readDoc, section as sectionOf } from './markdown.js';

const section = (file: string, heading: string) => {
  const found = sectionOf(readDoc(file), heading);
  expect(found, `${file} has a "## ${heading}" section`).toBeDefined();
  return found!;
};

describe('README and handbook examples', () => {
  it('quickstart: the extractor body is accepted, and its pattern takes real invoice numbers', async () => {
    const quickstart = section('README.md', 'Quickstart');
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
    const quickstart = section('README.md', 'Quickstart');
    expect(quickstart).toMatch(/^KEY=sk_live_/m);
    expect(quickstart).toMatch(/npx intake credits add --org org_\.\.\. --amount \d+/);
    expect(quickstart).toMatch(/test key[^.]*does not read the document at all: it returns\s+made-up values/i);
  });

  it('lists the reserved prefixes, the amount operators and the recommended field sets as the code has them', () => {
    const prefixes = section('docs/email/configuration.md', 'Prefixes');
    expect(prefixes.replace(/\s+/g, ' ')).toContain(RESERVED_PREFIXES.map((p) => `\`${p}\``).join(', '));
    const rules = section('docs/email/routing.md', 'Routing rules');
    for (const operator of AMOUNT_OPERATORS) expect(rules).toContain(`\`${operator}\``);
    const fields = section('docs/api/extractors.md', 'Fields, validation and document types');
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
    const rule = /```json\n([\s\S]*?)\n```/.exec(section('docs/email/routing.md', 'Routing rules'))?.[1];
    expect(rule).toBeDefined();
    const parsed = EmailIngestionConfigInputSchema.safeParse({
      emailPrefix: 'ap',
      defaultDocumentType: 'invoice',
      routingRules: [JSON.parse(rule!)],
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('documents WEBHOOKS_ALLOW_LOCALHOST as off by default', () => {
    expect(readDoc('docs/configuration.md')).toMatch(/^\| `WEBHOOKS_ALLOW_LOCALHOST` \| `false` \|/m);
  });
});
