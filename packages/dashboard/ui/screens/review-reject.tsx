/**
 * Rejecting a document from the review screen: Ctrl+Shift+Enter (or the button) opens this box, an
 * optional reason, Enter rejects (PATCH .../fields with `reject: true`), Escape goes back. A wrong
 * press costs nothing: the box asks first.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { ErrorBox } from '../components.js';

export function RejectBox(props: { jobId: string; onDone: () => Promise<void>; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Before the box is painted: keys typed right after the shortcut go into the reason, not the field.
  useLayoutEffect(() => input.current?.focus(), []);
  const reasonErrors =
    error instanceof ApiError ? error.details.filter((d) => d.path === 'reason').map((d) => d.message) : [];

  const reject = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const body = reason.trim() ? { reject: true, reason: reason.trim() } : { reject: true };
    api('PATCH', `/v1/documents/${encodeURIComponent(props.jobId)}/fields`, body)
      .then(props.onDone)
      .catch((err: unknown) => {
        setBusy(false);
        setError(err);
      });
  };

  return (
    <form
      class="card reject-box"
      aria-label="Reject the document"
      onSubmit={(e) => {
        e.preventDefault();
        reject();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onCancel();
        }
      }}
    >
      <h2>Reject this document?</h2>
      <p class="hint">
        Its values stay as they are; it leaves the review queue marked rejected, and the rejection is in its history.
        Enter: reject · Escape: back to the fields.
      </p>
      <label for="reject-reason">Reason (optional)</label>
      <input
        id="reject-reason"
        ref={input}
        maxLength={500}
        value={reason}
        aria-invalid={reasonErrors.length ? 'true' : undefined}
        aria-describedby={reasonErrors.length ? 'reject-reason-errors' : undefined}
        onInput={(e) => setReason((e.target as HTMLInputElement).value)}
      />
      {reasonErrors.length > 0 && (
        <ul id="reject-reason-errors" class="field-error">
          {reasonErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <ErrorBox error={error} />
      <p>
        <button type="submit" class="danger" disabled={busy}>
          Reject the document
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Back
        </button>
      </p>
    </form>
  );
}
