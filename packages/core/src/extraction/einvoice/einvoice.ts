import type { Role } from '../labels/synonyms.js';

/** What an e-invoice's XML says, in the roles of the recommended fields. */
export interface EInvoice {
  format: 'cii' | 'ubl';
  values: Partial<Record<Role, string | number>>;
  lineItems: { description: string; quantity?: number; unit_price?: number; amount?: number }[];
}

/** UNTDID 4461 payment means codes, as words. */
export const PAYMENT_MEANS: Record<string, string> = {
  '1': 'Not defined',
  '10': 'Cash',
  '20': 'Cheque',
  '30': 'Credit transfer',
  '31': 'Debit transfer',
  '42': 'Payment to bank account',
  '48': 'Bank card',
  '49': 'Direct debit',
  '54': 'Credit card',
  '55': 'Debit card',
  '57': 'Standing agreement',
  '58': 'SEPA credit transfer',
  '59': 'SEPA direct debit',
  '68': 'Online payment service',
  '97': 'Clearing between partners',
  ZZZ: 'Mutually defined',
};
