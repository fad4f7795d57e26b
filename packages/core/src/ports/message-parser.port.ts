/** One part of a message that carries a file (an attachment, or an inline image). */
export interface ParsedAttachment {
  /** As the message gave it, unsanitised; null when it gave none. */
  filename: string | null;
  /** As declared (or guessed by the parser); never trusted for the document's type. */
  contentType: string;
  /** True for inline parts (Content-Disposition inline, or referenced by Content-ID from the HTML body). */
  inline: boolean;
  contentId: string | null;
  content: Uint8Array;
}

/** A MIME message as a parser returns it: headers that matter and the attachments. */
export interface ParsedMessage {
  /** Address of the From header (the first), lowercase domain; null when absent or unparseable. */
  from: string | null;
  subject: string | null;
  /** Message-ID header without angle brackets. */
  messageId: string | null;
  /** Header names lowercase, values as text (first occurrence): what loop checks and classifiers read. */
  headers: Record<string, string>;
  /** The plain text body (or text derived from HTML). */
  text: string | null;
  attachments: ParsedAttachment[];
}

export interface ParseLimits {
  /** Parts beyond this many are not returned (a message with thousands of parts is an attack). */
  maxAttachments: number;
}

/** Turns a raw RFC 5322 message into its parts. Must not throw on malformed MIME: return what it can. */
export interface MessageParser {
  parse(raw: Uint8Array, limits: ParseLimits): Promise<ParsedMessage>;
}

/** One document of a set to combine; mimeType is the sniffed type. */
export interface CombinableDocument {
  bytes: Uint8Array;
  mimeType: string;
}

/** Merges documents (PDFs and images) into one PDF, in order: what combineAttachments uses. */
export interface DocumentCombiner {
  combine(documents: readonly CombinableDocument[]): Promise<Uint8Array>;
}
