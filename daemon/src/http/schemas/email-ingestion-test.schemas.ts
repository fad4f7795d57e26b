import { z } from 'zod';

/** Body of POST /api/email-ingestion/test: a message to run through a prefix's configuration. */
export const EmailIngestionTestSchema = z
  .strictObject({
    emailPrefix: z.string().min(1),
    testDocument: z.string().min(1).describe('The document, base64-encoded'),
    simulateOnly: z.boolean().default(false),
    filename: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('Name the attachment would have had (default test-document)'),
    subject: z.string().max(998).optional(),
    from: z.email().optional(),
  })
  .meta({ id: 'EmailIngestionTestRequest' });

/** The request without its document, which the JSON thread has decoded (route.ts, `documentMember`). */
export const DecodedTestSchema = EmailIngestionTestSchema.omit({ testDocument: true });
