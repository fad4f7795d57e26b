import type { Context } from 'koa';

/**
 * The policy of a stored document served from the API's origin, which is the dashboard's too: no
 * script, style, frame or request of its own, and a unique origin (`sandbox`) should a browser ever
 * render it as a page. Chromium 156 still shows PDFs in its viewer under it (checked by hand).
 */
export const SERVED_DOCUMENT_CSP = "default-src 'none'; sandbox";

/**
 * Headers of a stored document (a job's original, a review item's attachment): its detected media
 * type and no sniffing past it, the restrictive policy above, and `inline` with the file name for a
 * preview: UTF-8 encoded in `filename*` (RFC 6266, by Koa's content-disposition), and an ASCII
 * `filename` beside it (Latin-1 bytes in a header arrive garbled in some clients).
 */
export function setServedDocumentHeaders(ctx: Context, mimeType: string, filename: string): void {
  ctx.attachment(filename, { type: 'inline', fallback: filename.replace(/[^\x20-\x7e]/g, '?') });
  // After attachment(), which sets a type from the name's extension: the detected type decides.
  ctx.type = mimeType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', SERVED_DOCUMENT_CSP);
  ctx.set('Cache-Control', 'private, max-age=300');
}
