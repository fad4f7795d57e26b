import os from 'node:os';
import path from 'node:path';

/** Where `intake eval` caches what each document reads as (apart, so `intake --help` loads no OCR). */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'intake-eval');
}
