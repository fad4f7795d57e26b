/**
 * A grow-only buffer of floats, reused from one model run to the next by one worker thread. A fresh
 * array a run (12 MB for the detector at 1 megapixel, up to 11 MB a line batch) lives until V8
 * collects it, in the thread's malloc arena, between onnxruntime's own allocations; glibc then
 * cannot hand the arena's memory back, and the thread's resident memory grows page after page.
 */
export class FloatScratch {
  private buffer = new Float32Array(0);

  /** `length` zeros; the view stays valid until the next call. */
  take(length: number): Float32Array {
    if (this.buffer.length < length) {
      this.buffer = new Float32Array(0);
      this.buffer = new Float32Array(length);
    }
    const view = this.buffer.subarray(0, length);
    view.fill(0);
    return view;
  }
}
