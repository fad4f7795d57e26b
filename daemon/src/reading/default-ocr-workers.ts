/**
 * OCR_WORKERS when unset: one OCR thread per core and per 4 GiB of memory, at most 4. Each
 * PaddleOCR thread holds its models and the feature maps of the page it reads (about 300 MB at its
 * peak on a photo), so a 2 to 4 GB machine (a small VM, a Raspberry Pi) reads one page at a time
 * and stays within its budget, while more threads than WORKER_CONCURRENCY's jobs mostly add memory.
 */
const GIB = 1024 ** 3;
const MAX_DEFAULT_WORKERS = 4;

export function defaultOcrWorkers(cores: number, memoryBytes: number): number {
  return Math.max(1, Math.min(cores, Math.floor(memoryBytes / (4 * GIB)), MAX_DEFAULT_WORKERS));
}
