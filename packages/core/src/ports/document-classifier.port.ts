import type { Environment } from '../keys/scopes.js';
import type { ReadDocument } from './document-reader.port.js';

/** The spec's Classification result, as the email pipeline records it. */
export interface ClassificationResult {
  documentType: string;
  /** 0 to 1. */
  confidence: number;
  reasoning: string;
  detectedVendor?: string;
  detectedCustomer?: string;
  keyIndicators: string[];
}

/** What the classifier looks at: the email around the document, and the document read. */
export interface ClassificationContext {
  orgId: string;
  /** The mode of the message: the classifier learns from, and consults, that mode's decisions only. */
  mode: Environment;
  /** Null when the document could not be read (the email alone then decides). */
  document: ReadDocument | null;
  subject: string | null;
  /** Sender address (From header, else the envelope). */
  from: string | null;
  filename: string;
  headers: Record<string, string>;
}

/** The email pipeline's classifier: a port, so a hosted model can replace the local one. */
export interface DocumentClassifier {
  classify(context: ClassificationContext): Promise<ClassificationResult>;
  /** A reviewer said what the document is: remember it for this organization. */
  learn(context: ClassificationContext, documentType: string): Promise<void>;
}
