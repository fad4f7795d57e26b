/** The job page's pieces beyond the facts: the email a job came from, and reprocessing. */
import { useState } from 'preact/hooks';
import { call } from '../client.js';
import { ApiError, type Session } from '../api.js';
import { ActionButton, ErrorBox } from '../components.js';
import type { Job } from '../types.js';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/**
 * The message a mail gateway job came from (`metadata.source` is `email`, the message in
 * `metadata.email`), with the metadata left once those are shown; undefined for uploads.
 */
export function emailOf(
  metadata: Record<string, unknown>,
): { from: string | null; subject: string | null; file: string | null; rest: Record<string, unknown> } | undefined {
  const email = metadata.email;
  if (metadata.source !== 'email' || typeof email !== 'object' || email === null || Array.isArray(email))
    return undefined;
  const e = email as Record<string, unknown>;
  const { source: _source, email: _email, attachments, ...rest } = metadata;
  return {
    from: text(e.from) ?? text(e.envelope_from),
    subject: text(e.subject),
    file: Array.isArray(attachments) ? attachments.filter((a) => typeof a === 'string').join(', ') || null : null,
    rest,
  };
}

/**
 * "Reprocess": `POST /v1/documents/{id}/reprocess` runs the current reader and extraction again (a
 * new version of the result). A daemon without the endpoint answers 404, said as such.
 */
export function ReprocessButton(props: { session: Session; job: Job; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const running = props.job.status === 'queued' || props.job.status === 'processing';
  // A job being read has nothing to reprocess; one just sent back keeps saying so while it waits.
  if (running && !done) return null;
  const run = () => {
    if (
      !confirm(
        'Reprocess this document with the current reading and extraction? The present result is kept as an earlier version.',
      )
    )
      return;
    setBusy(true);
    setError(null);
    setDone(false);
    call('post', '/v1/documents/{job_id}/reprocess', { path: { job_id: props.job.id } })
      .then(() => {
        setDone(true);
        props.onDone();
      })
      .catch((err: unknown) =>
        setError(
          // The job itself was just read: a 404 here means a daemon without the endpoint.
          err instanceof ApiError && err.status === 404
            ? new ApiError(
                404,
                err.code,
                `Reprocessing is not available on this daemon (POST /v1/documents/{id}/reprocess answered 404: ${err.message})`,
              )
            : err,
        ),
      )
      .finally(() => setBusy(false));
  };
  return (
    <>
      {!running && (
        <ActionButton session={props.session} scope="documents:write" class="secondary" busy={busy} onClick={run}>
          Reprocess
        </ActionButton>
      )}
      {done && <span role="status"> Reprocessing started.</span>}
      <ErrorBox error={error} />
    </>
  );
}
