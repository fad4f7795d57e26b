import { z } from 'zod';
import { AUTH_RESULTS } from '@intake/core/email';

const result = z.enum(AUTH_RESULTS);

/** A message's `sender_authentication`: core's SenderAuthentication as the API shows it. */
export const SenderAuthenticationSchema = z
  .object({
    spf: z.object({
      result,
      domain: z.string().nullable().describe('MAIL FROM domain (the HELO name for the null sender)'),
      aligned: z.boolean().describe("Same organizational domain as From's"),
    }),
    dkim: z
      .array(z.object({ result, domain: z.string(), selector: z.string().nullable(), aligned: z.boolean() }))
      .describe('One entry per signature; empty when the message is not signed'),
    dmarc: z.object({
      result,
      policy: z.enum(['none', 'quarantine', 'reject']).nullable(),
      domain: z.string().nullable(),
    }),
    arc: z.object({ result }),
    from_domain: z.string().nullable(),
    client_address_source: z
      .enum(['smtp', 'received', 'none'])
      .describe("Where SPF's client address came from: the SMTP client, the topmost Received header (IMAP), or none"),
    authenticated: z.boolean().describe('DMARC pass, or SPF or DKIM pass aligned with the From domain'),
  })
  .nullable()
  .describe('Verdicts computed on arrival; null when none were (the test endpoint, messages stored before)')
  .meta({ id: 'SenderAuthentication' });
