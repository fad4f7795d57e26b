import type { IntakeStores } from '../ports/intake-stores.port.js';
import type { JobRecord } from '../jobs/index.js';
import type { CorrectionRecord } from './correction.js';

/** Runs inside the correction's transaction once it is written: events, ERP updates, learning. */
export type CorrectionListener = (
  tx: IntakeStores,
  job: JobRecord,
  records: CorrectionRecord[],
  at: string,
) => Promise<void>;
