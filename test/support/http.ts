/** One answer of the API, its body parsed as JSON when it is JSON. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  key?: string;
  /** An object is sent as JSON; a string as it is (with a JSON content type unless told otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request to an Intake API at `baseUrl`, with an optional bearer key. */
export async function callApi(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(baseUrl + urlPath, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
