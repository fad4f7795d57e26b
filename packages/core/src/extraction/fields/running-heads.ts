import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import type { Candidate } from './candidates.js';
import { cleanName } from './party-lines.js';

/**
 * A name that heads two pages or more is the issuer's letterhead: invoicing programs print the
 * seller's name at the top of every page they render (an ERP report's company header, a cover
 * letter and the invoice after it), while the addressee's block stands under the letterhead, on the
 * first page only or below the head. A seller without a legal form ("Holzbau Zimmermann") then
 * still outweighs a buyer with one ("Stadtwerke Lindau GmbH") printed in a block without a heading.
 */

/** The head of a page: its first lines with letters, within this share of its height. */
const HEAD = 0.12;
const HEAD_LINES = 2;
/** The least score of a running letterhead's name: the evidence of a seller's label or a legal footer. */
const RUNNING_HEAD_SCORE = 0.85;

/**
 * The candidates with a running letterhead's name lifted: the candidate stands where the name first
 * heads a page (the ranker reads its place at the top, not in a footer that repeats it) and takes at
 * least the best score of the name's repetitions and RUNNING_HEAD_SCORE. A labelled candidate keeps
 * its own: a seller's label says more than a letterhead.
 */
export function atRunningHead(lines: readonly Line[], candidates: Candidate[]): Candidate[] {
  const heads = pageHeads(lines);
  const lifted = new Set<string>();
  const out: Candidate[] = [];
  for (const c of candidates) {
    const name = fold(String(c.value));
    if (lifted.has(name) || c.source === 'label') continue;
    const at = heads.filter((h) => h.names.has(name));
    if (new Set(at.map((h) => h.line.page)).size < 2) continue;
    if (candidates.some((o) => o.source === 'label' && fold(String(o.value)) === name)) continue;
    lifted.add(name);
    const best = Math.max(...candidates.filter((o) => fold(String(o.value)) === name).map((o) => o.score));
    out.push({ ...c, line: at[0]!.line, span: undefined, score: Math.max(best, RUNNING_HEAD_SCORE) });
  }
  return [...out, ...candidates.filter((c) => !lifted.has(fold(String(c.value))))];
}

/** Per page, its head lines and the folded names their segments print. */
function pageHeads(lines: readonly Line[]): { line: Line; names: Set<string> }[] {
  const heads: { line: Line; names: Set<string> }[] = [];
  const taken = new Map<number, number>();
  for (const line of lines) {
    const count = taken.get(line.page) ?? 0;
    if (count >= HEAD_LINES || (line.text.match(/\p{L}/gu) ?? []).length < 3) continue;
    taken.set(line.page, count + 1);
    if (line.y0 > line.pageHeight * HEAD) continue;
    heads.push({ line, names: new Set(line.segments.map((s) => fold(cleanName(s.text)))) });
  }
  return heads;
}
