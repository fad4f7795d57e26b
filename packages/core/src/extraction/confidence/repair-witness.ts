import type { DocumentView } from '../document-view.js';
import { sameCompanyName, stripLegalForm } from '../evaluation/names.js';
import type { Candidate } from '../fields/candidates.js';
import { fold } from '../layout/fold.js';
import { printedTwice } from './name-witness.js';

/**
 * Whether a name whose misread words a word list put right (fields/name-words.ts) is still a guess:
 * nothing else on the page prints it as repaired, and it is not the name the organization confirmed
 * for the document's vendor (its vendor hints' `name`, recognised by the page's ids or by the
 * repaired name itself: document-extractor.ts).
 *
 * A name with a word split ("STATIONERYSHOP" -> "STATIONERY SHOP") is confirmed only by its words
 * printed apart on another line: the same letters run together elsewhere ("FAMILYMART" in a
 * footer, a web address) say the page spells it as one word. Other repairs are confirmed as any
 * name is (name-witness.ts): the words on another line, split or not, or in a web or e-mail address.
 */
export function unconfirmedRepair(ctx: DocumentView, candidate: Candidate): boolean {
  if (!candidate.repairs || candidate.repairs.length === 0) return false;
  if (ctx.knownVendorName && sameCompanyName(ctx.knownVendorName, String(candidate.value))) return false;
  if (!candidate.repairs.includes('split') && printedTwice(ctx, candidate)) return false;
  const name = ` ${stripLegalForm(String(candidate.value))} `;
  return !ctx.lines.some((line) => line.index !== candidate.line.index && ` ${fold(line.text)} `.includes(name));
}
