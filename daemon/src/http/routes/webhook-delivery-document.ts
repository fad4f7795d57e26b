/**
 * The document a delivery concerns, read from the exact body it sends: `data.id` of a `job.*`
 * event, `data.job_id` of an email event; the file name from that job's metadata (as the register
 * reads it: `file_name`, else `filename`), so the delivery log can name and link the document
 * without a query per row.
 */
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function deliveryDocument(event: string, payload: string): { job_id: string | null; file_name: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    // Every stored payload is JSON the daemon wrote; an odd one names no document rather than failing the list.
    return { job_id: null, file_name: null };
  }
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data =
    typeof envelope.data === 'object' && envelope.data !== null ? (envelope.data as Record<string, unknown>) : {};
  const jobId = text(data.job_id) ?? (event.startsWith('job.') ? text(data.id) : null);
  const metadata =
    typeof data.metadata === 'object' && data.metadata !== null ? (data.metadata as Record<string, unknown>) : {};
  return { job_id: jobId, file_name: jobId ? (text(metadata.file_name) ?? text(metadata.filename)) : null };
}
