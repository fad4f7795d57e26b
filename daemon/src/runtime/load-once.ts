/**
 * What a running daemon seldom needs is imported on first use, not at start (docs/resources.md,
 * "The daemon's own modules"): `loadOnce(load)` returns a function that runs `load` the first time it
 * is called and gives every caller the same promise. A load that fails is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
