/**
 * The document a delivery log row names, read from the body the delivery sends: a job event's
 * `data.id`, an email event's `data.job_id`, the file name from the job's metadata; other events
 * and bodies that are not what the daemon writes name none.
 */
import { describe, expect, it } from 'vitest';
import { deliveryDocument } from '../../daemon/src/http/routes/webhook-delivery-document.js';

const envelope = (event: string, data: unknown) => JSON.stringify({ id: 'evt_1', event, data });

describe('the document of a webhook delivery', () => {
  it("names a job event's job and its file name", () => {
    expect(
      deliveryDocument('job.completed', envelope('job.completed', { id: 'job_a', metadata: { file_name: 'a.pdf' } })),
    ).toEqual({ job_id: 'job_a', file_name: 'a.pdf' });
    expect(
      deliveryDocument('job.failed', envelope('job.failed', { id: 'job_b', metadata: { filename: 'b.pdf' } })),
    ).toEqual({ job_id: 'job_b', file_name: 'b.pdf' });
    expect(deliveryDocument('job.completed', envelope('job.completed', { id: 'job_c', metadata: {} }))).toEqual({
      job_id: 'job_c',
      file_name: null,
    });
  });

  it("names an email event's job_id, and no job for an event without one", () => {
    expect(deliveryDocument('extraction.completed', envelope('extraction.completed', { job_id: 'job_d' }))).toEqual({
      job_id: 'job_d',
      file_name: null,
    });
    // `data.id` of another event is that event's own object (an endpoint, a balance), not a job.
    expect(deliveryDocument('credits.low_balance', envelope('credits.low_balance', { id: 'org_1' }))).toEqual({
      job_id: null,
      file_name: null,
    });
  });

  it('names nothing for a body that is not the JSON envelope, without throwing', () => {
    for (const body of [
      'not json',
      'null',
      '[]',
      '"x"',
      JSON.stringify({ data: 'x' }),
      envelope('job.completed', null),
    ])
      expect(deliveryDocument('job.completed', body)).toEqual({ job_id: null, file_name: null });
    expect(
      deliveryDocument('job.completed', envelope('job.completed', { id: 42, metadata: { file_name: 'x.pdf' } })),
    ).toEqual({ job_id: null, file_name: null });
  });
});
