/** "Test a document": `POST /api/email-ingestion/test` runs a file through the prefix's steps as if it had been mailed. */
import { useState } from 'preact/hooks';
import type { Session } from '../../api.js';
import { call } from '../../client.js';
import { ActionButton, ErrorBox, Link, missingScope } from '../../components.js';
import { CheckField, readBase64, TextField } from '../../forms.js';
import type { EmailTestResult } from '../../types.js';
import { Outcome } from './messages.js';
import { percent } from '../../format.js';

/** The routing outcome: what a rule set, or that none matched (not the raw object with its nulls). */
function Routing(props: { routing: Record<string, unknown> }) {
  const set = Object.entries(props.routing).filter(
    ([name, value]) =>
      name !== 'decidedAt' && value !== null && value !== false && !(Array.isArray(value) && value.length === 0),
  );
  if (set.length === 0) return <>No routing rule matched: nothing assigned or changed.</>;
  return (
    <ul class="plain">
      {set.map(([name, value]) => (
        <li key={name}>
          <code>{name}</code>: {typeof value === 'string' ? value : JSON.stringify(value)}
        </li>
      ))}
    </ul>
  );
}

function Result(props: { result: EmailTestResult }) {
  const r = props.result;
  const c = r.classification;
  return (
    <div class="test-result" role="status">
      <h3>{r.simulateOnly ? 'What would happen' : 'What happened'}</h3>
      <dl class="facts">
        <dt>Attachment</dt>
        <dd>
          <Outcome outcome={r.attachment} />
        </dd>
        <dt>Classified as</dt>
        <dd>
          {c
            ? `${c.documentType} (${percent(c.confidence)}, ${c.source ?? ''} ${c.decision ? `→ ${c.decision}` : ''}): ${c.reasoning}`
            : '—'}
        </dd>
        <dt>Extractor</dt>
        <dd>{r.extractor ? `${r.extractor.name} (${r.extractor.id}, by ${r.extractor.matchedBy})` : 'none'}</dd>
        <dt>Duplicate</dt>
        <dd>
          {r.duplicate
            ? `of ${r.duplicate.of} (${r.duplicate.matched.join(', ')}; ${r.duplicate.action}, at ${r.duplicate.detectedAt})`
            : 'no'}
        </dd>
        <dt>Routing</dt>
        <dd>
          <Routing routing={r.routing} />
        </dd>
        <dt>Job</dt>
        <dd>{r.jobId ? <Link href={`/documents/${r.jobId}`}>{r.jobId}</Link> : '—'}</dd>
        <dt>Review</dt>
        <dd>{r.reviewId ? <Link href="/email/review">{r.reviewId} in the review queue</Link> : '—'}</dd>
        {r.extraction && (
          <>
            <dt>Extraction</dt>
            <dd>
              {r.extraction.status}
              {r.extraction.extracted_data && <pre>{JSON.stringify(r.extraction.extracted_data, null, 2)}</pre>}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

export function TestDocument(props: { session: Session; prefix: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [subject, setSubject] = useState('');
  const [from, setFrom] = useState('');
  const [simulateOnly, setSimulateOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<EmailTestResult | null>(null);
  // The test endpoint runs in the key's own mode, so a test key may use it (no live-only rule).
  const off = missingScope(props.session, 'email_ingestion:write') !== undefined;
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    if (!file) {
      setError(new Error('Choose a document to test first.'));
      return;
    }
    setBusy(true);
    try {
      const body = {
        emailPrefix: props.prefix,
        testDocument: await readBase64(file),
        filename: file.name,
        simulateOnly,
        ...(subject ? { subject } : {}),
        ...(from ? { from } : {}),
      };
      setResult(await call('post', '/api/email-ingestion/test', { body }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-label="Test a document">
      <h2>Test a document</h2>
      <p>
        Runs a file through this prefix's steps (classification, overrides, routing, duplicates) as if it had arrived by
        mail.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div class="field">
          <label for="test-file">Document (PDF or image)</label>
          <input
            id="test-file"
            type="file"
            accept="application/pdf,image/*"
            disabled={off}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </div>
        <TextField
          label="Subject (optional)"
          path="subject"
          error={error}
          value={subject}
          disabled={off}
          onChange={setSubject}
        />
        <TextField label="From (optional)" path="from" error={error} value={from} disabled={off} onChange={setFrom} />
        <CheckField
          label="Simulate only (no job, no review item, nothing recorded)"
          path="simulateOnly"
          error={error}
          checked={simulateOnly}
          disabled={off}
          onChange={setSimulateOnly}
        />
        <ActionButton session={props.session} scope="email_ingestion:write" type="submit" busy={busy}>
          {busy ? 'Testing…' : 'Test the document'}
        </ActionButton>
      </form>
      <ErrorBox error={error} />
      {result && <Result result={result} />}
    </section>
  );
}
