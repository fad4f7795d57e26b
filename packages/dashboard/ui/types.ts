import type { components, operations } from './api-schema.generated.js';

type Schemas = components['schemas'];

export type Job = Schemas['Job'];

export type PaymentDetailKey = 'iban' | 'bic' | 'account_number' | 'sort_code' | 'routing_number';

export type FieldLocation = Schemas['FieldLocation'];

export type Correction = Schemas['Correction'];

export type RegisterFields = Schemas['DocumentRegisterFields'];

export type ReviewReason = Schemas['ReviewReason'];

export type PageWords = Schemas['PageWords'];

export type JobList = Schemas['JobList'];

/** GET /v1/documents's query: the register's filters, search, sort and page. */
export type DocumentsQuery = NonNullable<operations['getV1Documents']['parameters']['query']>;

export type Stats = Schemas['JobStatistics'];

export type Balance = Schemas['CreditBalance'];

export type CreditTransaction = Schemas['CreditTransaction'];

export type FieldDefinition = Schemas['FieldDefinition'];

export type ApiKey = Schemas['ApiKey'];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];

/** A delivery in the log: with the job its event concerns and that job's file name. */
export type WebhookDeliveryListItem = Schemas['WebhookDeliveryListItem'];

export type WebhookTestResult = Schemas['WebhookTestResult'];

export type AttachmentOutcome = Schemas['AttachmentOutcome'];

export type InboundMessage = Schemas['InboundMessage'];

export type SenderAuthentication = Schemas['SenderAuthentication'];

export type ReviewItem = Schemas['ReviewItem'];

export type EmailTestResult = Schemas['EmailIngestionTestResult'];

export type EmailIngestionConfig = Schemas['EmailIngestionConfig'];

export type EmailIngestionConfigRequest = Schemas['EmailIngestionConfigRequest'];

export type ErpConnection = Schemas['ErpConnection'];

export type ErpSync = Schemas['ErpSync'];

/** An extractor as the list gives it (without org_id, created_by, updated_at). */
export type ExtractorSummary = Schemas['ExtractorSummary'];
