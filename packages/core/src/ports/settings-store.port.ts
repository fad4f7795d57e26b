/** Installation-wide values shared by every daemon on the database (e.g. the URL-signing secret). */
export interface SettingsStore {
  /** Returns the stored value, or stores `make()` and returns it; the first writer wins under races. */
  getOrCreate(key: string, make: () => string): Promise<string>;
}
