import { useEffect, useRef, useState } from 'preact/hooks';
import { api, upload, type Session } from '../api.js';
import { ErrorBox, Link, missingScope, StatusBadge } from '../components.js';
import type { Extractor, Job } from '../types.js';

/** Drag and drop (or choose) a file, send it to the chosen extractor, and follow the job until it ends. */
export function UploadBox(props: { session: Session; extractors: Extractor[]; onDone: () => void }) {
  const active = props.extractors.filter((e) => e.is_active);
  const [extractorId, setExtractorId] = useState(active[0]?.id ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const reason = missingScope(props.session, 'documents:write');

  // Follows the job until it completes or fails.
  useEffect(() => {
    if (!job || job.status === 'completed' || job.status === 'failed') {
      if (job) props.onDone();
      return;
    }
    const timer = setTimeout(() => {
      api<Job>('GET', `/v1/documents/${job.id}`).then(setJob, setError);
    }, 700);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the job alone; `onDone` is a new closure on every render
  }, [job]);

  const send = (file: File | undefined) => {
    if (!file || reason) return;
    setError(null);
    setJob(null);
    setProgress(0);
    const form = new FormData();
    form.append('extractor_id', extractorId);
    form.append('file', file, file.name);
    upload<Job>('/v1/documents', form, setProgress).then(
      (queued) => {
        setProgress(null);
        setJob(queued);
      },
      (e: unknown) => {
        setProgress(null);
        setError(e);
      },
    );
  };

  if (active.length === 0) {
    return (
      <section class="card" aria-label="Submit a document">
        <h2>Submit a document</h2>
        <p>There is no active extractor to send documents to. Create one first (Extractors, or POST /v1/extractors).</p>
      </section>
    );
  }
  return (
    <section class="card" aria-label="Submit a document">
      <h2>Submit a document</h2>
      <label>
        Send to extractor{' '}
        <select
          value={extractorId}
          onChange={(e) => setExtractorId((e.target as HTMLSelectElement).value)}
          disabled={reason !== undefined}
        >
          {active.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} ({x.document_type})
            </option>
          ))}
        </select>
      </label>
      <div
        class={`dropzone${over ? ' over' : ''}${reason ? ' disabled' : ''}`}
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          send(e.dataTransfer?.files[0]);
        }}
      >
        <p>Drop a PDF or an image here, or</p>
        <input
          ref={input}
          id="upload-file"
          type="file"
          aria-label="Document file"
          accept="application/pdf,image/*"
          class="visually-hidden"
          disabled={reason !== undefined}
          onChange={(e) => send((e.target as HTMLInputElement).files?.[0])}
        />
        <button
          type="button"
          disabled={reason !== undefined}
          aria-describedby={reason ? 'upload-why' : undefined}
          onClick={() => input.current?.click()}
        >
          Choose a file
        </button>
        {reason && (
          <p class="why" id="upload-why">
            {reason}
          </p>
        )}
      </div>
      {progress !== null && (
        <p>
          <label>
            Uploading <progress value={progress} max={1} />
          </label>
        </p>
      )}
      <div aria-live="polite">
        {job && (
          <p class="upload-result">
            <Link href={`/documents/${job.id}`}>{job.id}</Link> <StatusBadge status={job.status} />
          </p>
        )}
      </div>
      <ErrorBox error={error} />
    </section>
  );
}
