/** The dashboard's one way to the API: the session cookie authenticates, the CSRF token guards writes. */

/** An error the API answered with, in its own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export interface Session {
  org_id: string;
  key_id: string;
  environment: 'test' | 'live';
  scopes: string[];
  csrf_token: string;
  expires_at: string;
  idle_expires_at: string;
  idle_timeout_seconds: number;
  /** The mail gateway's address (SMTP host and port it listens on, first mail domain); null or absent from older daemons. */
  smtp?: { host: string; port: number; domain: string } | null;
}

let csrfToken = '';
let onSessionEnded: () => void = () => {};

export function useSession(session: Session | null, ended: () => void): void {
  csrfToken = session?.csrf_token ?? '';
  onSessionEnded = ended;
}

async function toError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
    };
    if (body.error)
      return new ApiError(
        res.status,
        body.error.code ?? 'error',
        body.error.message ?? res.statusText,
        body.error.details,
      );
  } catch {
    // not JSON
  }
  return new ApiError(res.status, 'http_error', `HTTP ${res.status} ${res.statusText}`);
}

/** Calls the API; resolves with the JSON body, rejects with ApiError. A 401 means the session ended. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) {
    const error = await toError(res);
    if (res.status === 401 && path !== '/session') onSessionEnded();
    throw error;
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Uploads a file as multipart/form-data, reporting progress (fetch has no upload progress). */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload failed: no answer from the server'));
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) resolve(res.json() as Promise<T>);
      else void toError(res).then(reject);
    };
    xhr.send(form);
  });
}

export const signIn = (apiKey: string) => api<Session>('POST', '/session', { api_key: apiKey });
export const currentSession = () => api<Session>('GET', '/session');
export const signOut = () => api<void>('DELETE', '/session');
