/** Original documents, content-addressed: the key is the SHA-256 of the bytes, in hex. */
export interface BlobStore {
  /** Stores the bytes durably (written and synced before it resolves); returns their key. */
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}
