/**
 * For tests of the durable steps (stage, commit, then syncs that overlap): a promise to resolve by
 * hand, and a blob store whose staged files' sync is held until the test lets it go.
 */
import type { BlobStore, StagedBlob } from '@intake/core';
import type { FileBlobStore } from '@intake/storage-sql';

export function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * `files`, with `stage` recorded in `events` ('staged'; `beforeStaged` runs just before) and each
 * staged file's `sync()` recorded when it starts and ends ('file sync started', 'file synced'),
 * ending only once the file is synced and `held` has resolved.
 */
export function heldSyncBlobs(
  files: FileBlobStore,
  events: string[],
  held: Promise<void>,
  beforeStaged?: () => Promise<void>,
): BlobStore {
  return {
    put: (bytes) => files.put(bytes),
    get: (key) => files.get(key),
    delete: (key) => files.delete(key),
    async stage(bytes): Promise<StagedBlob> {
      const staged = await files.stage(bytes);
      await beforeStaged?.();
      events.push('staged');
      return {
        key: staged.key,
        sync: async () => {
          events.push('file sync started');
          await staged.sync();
          await held;
          events.push('file synced');
        },
      };
    },
  };
}
