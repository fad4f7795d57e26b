/**
 * Work the gate's tests hold until they let it go: what a read step does to the reader's memory,
 * without reading anything.
 */

/** Work held until the test lets it go; each raises `rss` by `cost` when it starts. */
export function held(state: { rss: number }, cost: number) {
  const release = new Map<string, () => void>();
  const started: string[] = [];
  const work = (name: string) => () => {
    started.push(name);
    state.rss += cost;
    return new Promise<string>((resolve) => release.set(name, () => resolve(name)));
  };
  /** Lets `name` finish and waits until the gate has taken it out. */
  const finish = async (name: string, done: Promise<string>): Promise<void> => {
    release.get(name)!();
    release.delete(name);
    await done;
  };
  return { work, finish, started };
}
