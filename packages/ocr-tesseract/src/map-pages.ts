/**
 * Runs page jobs with bounded concurrency, results in page order. The bound is the OCR pool's size:
 * each lane prepares its next page (an image's decoding; a PDF page's text layer, its drawing waits
 * for a place at the page gate) while the other lanes' pages are in OCR, and no more than that many
 * decoded pages (tens of MB each at 300 dpi) are held at once.
 *
 * The first failure aborts the other lanes' work (their OCR threads are terminated), as does the
 * caller's signal; once every lane has stopped (so nothing still uses the document), the caller
 * gets that first error, or the signal's reason.
 */
export async function mapPages<R>(
  count: number,
  concurrency: number,
  signal: AbortSignal | undefined,
  job: (index: number, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  const forward = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const results: R[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      controller.signal.throwIfAborted();
      const index = next++;
      results[index] = await job(index, controller.signal);
    }
  };
  const failures: unknown[] = [];
  try {
    const lanes = Array.from({ length: Math.min(concurrency, count) }, () =>
      lane().catch((error: unknown) => {
        failures.push(error);
        controller.abort(error);
      }),
    );
    await Promise.all(lanes);
    if (failures.length > 0) throw failures[0];
    return results;
  } finally {
    signal?.removeEventListener('abort', forward);
  }
}
