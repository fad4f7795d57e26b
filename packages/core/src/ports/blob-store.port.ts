/** Original documents, content-addressed: the key is the SHA-256 of the bytes, in hex. */
export interface BlobStore {
  /** Stores the bytes durably (written and synced before it resolves); returns their key. */
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /**
   * Optional: `put` in two halves, so that a caller can overlap making the bytes durable with other
   * durable steps (the mail gateway commits the message's row meanwhile). When it resolves the bytes
   * are stored and readable under `key` (`get` returns them, in this process and others), but not
   * necessarily durable yet. They are durable once `sync()` has resolved AND a commit of the
   * database made after `stage` resolved is durable: a store inside the database (PostgreSQL) may
   * commit the bytes without waiting for its log to be flushed and rely on that later commit's
   * flush, which covers every earlier commit. A caller that commits nothing afterwards uses `put`.
   * If `sync()` rejects, the bytes may not survive a power cut (they may even be readable until then).
   */
  stage?(bytes: Uint8Array): Promise<StagedBlob>;
}

/** Bytes stored by `BlobStore.stage`, not yet known to be durable. */
export interface StagedBlob {
  key: string;
  /** Makes the bytes durable on disk (see `BlobStore.stage`). */
  sync(): Promise<void>;
}

/** `blobs.stage(bytes)`, or for a store without it `put` (durable at once) with nothing left to sync. */
export async function stageBlob(blobs: BlobStore, bytes: Uint8Array): Promise<StagedBlob> {
  if (blobs.stage) return blobs.stage(bytes);
  return { key: await blobs.put(bytes), sync: async () => {} };
}
