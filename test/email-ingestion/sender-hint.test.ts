import { describe, expect, it } from 'vitest';
import { LocalDocumentClassifier, senderHint } from '@intake/core/email';
import { ManualClock } from '@intake/core/ports';
import { MemoryClassificationExampleStore, MemoryDb } from '@intake/core/testing';
import { doc, lines } from '../extraction/synthetic.js';

/** The sender's mailbox as a classification hint (`receipts@`, `"Acme Invoices" <...>`, `purchasing@`). */

const classifier = new LocalDocumentClassifier({
  examples: new MemoryClassificationExampleStore(new MemoryDb()),
  clock: new ManualClock(),
});
// A page that names no type: only the mail around it can tell.
const VAGUE = doc(lines(40, 60, ['Northwind Traders', 'Reference 2024-118', 'Amount 120.00']));
const classify = (from: string, headers: Record<string, string> = {}) =>
  classifier.classify({
    orgId: 'org_a',
    mode: 'live',
    document: VAGUE,
    subject: 'Document attached',
    from,
    filename: 'document.pdf',
    headers,
  });

describe('the sender as a classification hint', () => {
  it('reads the mailbox and the display name', () => {
    expect(senderHint('receipts@shop.example')).toBe('receipt');
    expect(senderHint('no-reply@shop.example', { from: '"Acme Invoices" <no-reply@shop.example>' })).toBe('invoice');
    expect(senderHint('einkauf@kunde.example')).toBe('purchase order');
    expect(senderHint('someone@example.com', { from: 'Someone <someone@example.com>' })).toBe('');
    expect(senderHint(null)).toBe('');
    // Only a word that names the type counts: billing@ and accounts@ also send statements and reminders.
    expect(senderHint('billing@vendor.example')).toBe('');
  });

  it('decides a document that names no type, and changes nothing for a neutral sender', async () => {
    expect((await classify('receipts@shop.example')).documentType).toBe('receipt');
    expect((await classify('purchasing@buyer.example')).documentType).toBe('purchase_order');
    expect(
      (await classify('mailer@vendor.example', { from: 'Vendor Invoices <mailer@vendor.example>' })).documentType,
    ).toBe('vendor_bill');
    const neutral = await classify('someone@example.com');
    // Without any evidence the classifier says so with a low confidence (the review queue's case).
    expect(neutral.confidence).toBeLessThan(0.5);
  });
});
