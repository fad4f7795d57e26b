/**
 * Held-out folds for `intake eval`: documents are grouped so that one vendor (or merchant) and one
 * source never sit on both sides of a split, then whole groups are dealt to k folds. Measuring each
 * fold with what was learned on the others is what tells a method that generalizes from one fitted
 * to the documents at hand.
 */

export interface FoldMember {
  /** The labelled vendor or merchant name, when the document has one. */
  vendor?: string;
  /** Where the document comes from (`owner/repo:path@commit` in the corpus files). */
  source?: string;
  /** An id of the document's original when it is a derived rendering (a scan of a text PDF). */
  original?: string;
}

/**
 * The group of each member: members sharing a folded vendor name, a source folder (for documents
 * without a vendor) or an original end up in one group (union-find over those keys).
 */
export function groupMembers(members: readonly FoldMember[]): string[] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) ?? (parent.set(root, root), root);
    parent.set(key, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  const keys = members.map((m, i) => keysOf(m, i));
  for (const ks of keys) for (const k of ks.slice(1)) union(ks[0]!, k);
  return keys.map((ks) => find(ks[0]!));
}

function keysOf(member: FoldMember, index: number): string[] {
  const keys: string[] = [];
  const vendor = member.vendor
    ?.toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (vendor) keys.push(`vendor:${vendor}`);
  else if (member.source) keys.push(`source:${sourceFolder(member.source)}`);
  if (member.original) keys.push(`original:${member.original}`);
  if (keys.length === 0) keys.push(`single:${index}`);
  return keys;
}

/** `owner/repo:dir/file.pdf@commit` -> `owner/repo:dir`. */
function sourceFolder(source: string): string {
  const withoutCommit = source.replace(/@[0-9a-f]{7,40}$/i, '');
  const slash = withoutCommit.lastIndexOf('/');
  return slash > withoutCommit.indexOf(':') ? withoutCommit.slice(0, slash) : withoutCommit;
}

/**
 * Deals groups to k folds, largest group first, each to the fold with the fewest members so far
 * (ties to the lowest fold); group names break ties between equal sizes, so the split is stable.
 */
export function assignFolds(groups: readonly string[], k: number): number[] {
  const sizes = new Map<string, number>();
  for (const g of groups) sizes.set(g, (sizes.get(g) ?? 0) + 1);
  const order = [...sizes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const [group, size] of order) {
    const fold = load.indexOf(Math.min(...load));
    foldOf.set(group, fold);
    load[fold]! += size;
  }
  return groups.map((g) => foldOf.get(g)!);
}
