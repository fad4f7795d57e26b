import { useEffect, useRef, useState } from 'preact/hooks';
import { upload, type Session } from '../api.js';
import { call } from '../client.js';
import { ErrorBox, Link, missingScope, StatusBadge } from '../components.js';
import type { ExtractorSummary, Job } from '../types.js';

/** Where the extractor last chosen here is remembered (this browser only). */
const REMEMBERED = 'intake.upload.extractor';

const remembered = (): string | null => {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null; // storage off (private mode, a policy): nothing remembered
  }
};
const remember = (id: string): void => {
  try {
    localStorage.setItem(REMEMBERED, id);
  } catch {
    // storage off: the choice lasts as long as the page
  }
};

const finished = (job: Job) => job.status === 'completed' || job.status === 'failed';

/**
 * Drag and drop (or choose) one or several files, send each to the chosen extractor with its file
 * name as `metadata.file_name` (the register's File column), and follow the jobs until they end.
 */
export function UploadBox(props: { session: Session; extractors: ExtractorSummary[]; onDone: () => void }) {
  const active = props.extractors.filter((e) => e.is_active);
  const [extractorId, setExtractorId] = useState(
    () => active.find((x) => x.id === remembered())?.id ?? active[0]?.id ?? '',
  );
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [jobs, setJobs] = useState<(Job & { file: string })[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const reason = missingScope(props.session, 'documents:write');

  // Follows the jobs until each completes or fails.
  const pending = jobs.filter((j) => !finished(j));
  useEffect(() => {
    if (jobs.length === 0) return;
    if (pending.length === 0) {
      props.onDone();
      return;
    }
    const timer = setTimeout(() => {
      Promise.all(pending.map((j) => call('get', '/v1/documents/{job_id}', { path: { job_id: j.id } }))).then(
        (fresh) => setJobs((all) => all.map((j) => ({ ...(fresh.find((f) => f.id === j.id) ?? j), file: j.file }))),
        setError,
      );
    }, 700);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the jobs alone; `onDone` is a new closure on every render
  }, [jobs]);

  /** One file after the other: the upload progress is the current file's. */
  const send = async (files: File[]) => {
    if (files.length === 0 || reason) return;
    setError(null);
    setJobs([]);
    for (const file of files) {
      setProgress({ name: file.name, fraction: 0 });
      const form = new FormData();
      form.append('extractor_id', extractorId);
      form.append('metadata', JSON.stringify({ file_name: file.name }));
      form.append('file', file, file.name);
      try {
        const queued = await upload<Job>('/v1/documents', form, (fraction) =>
          setProgress({ name: file.name, fraction }),
        );
        setJobs((all) => [...all, { ...queued, file: file.name }]);
      } catch (e: unknown) {
        setError(e);
        break;
      }
    }
    setProgress(null);
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
      <h2>Submit documents</h2>
      <label>
        Send to extractor{' '}
        <select
          value={extractorId}
          onChange={(e) => {
            const id = (e.target as HTMLSelectElement).value;
            setExtractorId(id);
            remember(id);
          }}
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
          void send([...(e.dataTransfer?.files ?? [])]);
        }}
      >
        <p>Drop PDFs or images here, or</p>
        <input
          ref={input}
          id="upload-file"
          type="file"
          multiple
          aria-label="Document files"
          accept="application/pdf,image/*"
          class="visually-hidden"
          disabled={reason !== undefined}
          onChange={(e) => {
            const chosen = [...((e.target as HTMLInputElement).files ?? [])];
            (e.target as HTMLInputElement).value = '';
            void send(chosen);
          }}
        />
        <button
          type="button"
          disabled={reason !== undefined}
          aria-describedby={reason ? 'upload-why' : undefined}
          onClick={() => input.current?.click()}
        >
          Choose files
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
            Uploading {progress.name} <progress value={progress.fraction} max={1} />
          </label>
        </p>
      )}
      <div aria-live="polite">
        {jobs.length > 0 && (
          <ul class="plain upload-result">
            {jobs.map((j) => (
              <li key={j.id}>
                {j.file}: <Link href={`/documents/${j.id}`}>{j.id}</Link> <StatusBadge status={j.status} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorBox error={error} />
    </section>
  );
}
