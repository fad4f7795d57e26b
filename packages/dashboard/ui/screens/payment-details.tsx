import { formatTime, Link } from '../components.js';
import { bandOf, percent } from '../format.js';
import type { Job, PaymentDetailKey } from '../types.js';

const LABELS: Record<PaymentDetailKey, string> = {
  iban: 'IBAN',
  bic: 'BIC',
  account_number: 'Account number',
  sort_code: 'Sort code',
  routing_number: 'Routing number',
};
const KEYS = Object.keys(LABELS) as PaymentDetailKey[];

/** Where the document says to pay and, when the vendor's details changed, the ones seen before. */
export function PaymentDetails(props: { job: Job }) {
  const { payment_details: details, payment_details_changed: changed } = props.job;
  if (!details && !changed) return null;
  return (
    <section class={changed ? 'card error' : 'card'} aria-label="Payment details">
      <h2>Payment details</h2>
      {changed && (
        <p>
          <strong>The vendor's payment details changed.</strong> Before: last seen {formatTime(changed.last_seen_at)} on{' '}
          <Link href={`/documents/${changed.job_id}`}>{changed.job_id}</Link>. Check the change with the vendor by a
          channel you already trust before you confirm this document.
        </p>
      )}
      <table class="fields">
        <thead>
          <tr>
            <th scope="col">Detail</th>
            <th scope="col">On this document</th>
            {changed && <th scope="col">Before</th>}
            <th scope="col">Confidence</th>
          </tr>
        </thead>
        <tbody>
          {KEYS.filter((key) => details?.[key] || changed?.previous[key]).map((key) => {
            const detail = details?.[key];
            return (
              <tr key={key}>
                <th scope="row">{LABELS[key]}</th>
                <td>
                  <code>{detail?.value ?? '—'}</code>
                </td>
                {changed && (
                  <td>
                    <code>{changed.previous[key] ?? '—'}</code>
                  </td>
                )}
                <td>
                  <span class={`band band-${detail ? bandOf(detail.confidence) : 'none'}`}>
                    {detail ? percent(detail.confidence) : '—'}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
