/** One signed POST to a webhook receiver. */
export interface WebhookRequest {
  url: string;
  /** Sent byte for byte: it is what was signed. */
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** The outcome of one POST; a transport never throws, failures are in `error`. */
export interface WebhookResponse {
  statusCode: number | null;
  durationMs: number;
  /** The first 1 KB of the answer. */
  responseBody: string | null;
  error: string | null;
}

/** Sends webhook requests (HTTPS) and decides which destinations may be reached. */
export interface WebhookTransport {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Null when the URL is acceptable (HTTPS, resolving to allowed addresses), else why not. */
  checkDestination(url: string): Promise<string | null>;
}
