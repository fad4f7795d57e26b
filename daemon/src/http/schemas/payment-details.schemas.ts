import { z } from 'zod';

const DetailSchema = z
  .object({
    value: z.string().describe('Normalised: IBAN and BIC without spaces, numbers as digits, a sort code as 12-34-56'),
    confidence: z.number().min(0).max(1),
  })
  .meta({ id: 'PaymentDetail' });

/** Where a document says to pay (see extraction/payment-details/). */
export const PaymentDetailsSchema = z
  .object({
    iban: DetailSchema.optional().describe('Checked: its country length and the ISO 13616 mod-97 check'),
    bic: DetailSchema.optional().describe('Checked: its format and country code'),
    account_number: DetailSchema.optional().describe('Only where a label names it among bank details'),
    sort_code: DetailSchema.optional().describe('A UK sort code, after its label'),
    routing_number: DetailSchema.optional().describe('A US ABA routing number, after its label, checksum checked'),
  })
  .meta({ id: 'PaymentDetails' });

const ValuesSchema = z
  .object({
    iban: z.string().optional(),
    bic: z.string().optional(),
    account_number: z.string().optional(),
    sort_code: z.string().optional(),
    routing_number: z.string().optional(),
  })
  .meta({ id: 'PaymentDetailValues' });

/** The verdict on a job whose vendor's payment details changed. */
export const PaymentDetailsChangeSchema = z
  .object({
    previous: ValuesSchema.describe("The vendor's remembered details"),
    last_seen_at: z.string().describe('When they were last seen on a completed document (or confirmed)'),
    job_id: z.string().describe('The job they were last seen on'),
  })
  .meta({ id: 'PaymentDetailsChange' });
