import type { ExtractionContext } from '../context.js';
import { foldedTokens } from '../layout/fold.js';
import { lineHeight, type Segment } from '../layout/lines.js';
import owners from '../lexicons/owner-words.json' with { type: 'json' };
import type { Candidate } from './candidates.js';
import { cleanName, isStreetLine, looksLikeName } from './party-lines.js';

/**
 * An owner's line under a sole trader's business name ("Blumenhaus Schmidt" over "Inh. Maria
 * Schmidt e.K.", "Kestrel Joinery" over "Prop. Thomas Avery", "Eigenaar: Pieter de Vries"): it
 * names the person who owns the business, not the business, even with the legal form the register
 * gives the owner ("e.K."); the line right above it in its block is the business's name. The
 * owner words are data per language in lexicons/owner-words.json.
 */

const WORDS: ReadonlySet<string> = new Set(Object.values(owners as Record<string, string[]>).flat());

/** An owner word, then a person's name of one to four words. */
export function isOwnerLine(text: string): boolean {
  const tokens = foldedTokens(text);
  return tokens.length >= 2 && tokens.length <= 6 && WORDS.has(tokens[0]!) && /\p{L}{2}/u.test(tokens[1]!);
}

/**
 * Each owner's line with the segment right above it, where that looks like a name: the business's.
 * Only such a line is an owner's: "Titular: X" over an IBAN names the account's holder.
 */
export function ownerLines(
  ctx: ExtractionContext,
  buyerSegments: Set<Segment>,
): { segment: Segment; business: Candidate }[] {
  const found: { segment: Segment; business: Candidate }[] = [];
  for (const line of ctx.lines) {
    for (const segment of line.segments) {
      if (buyerSegments.has(segment) || !isOwnerLine(segment.text)) continue;
      const above = ctx.lines[line.index - 1];
      if (!above || above.page !== line.page || line.y0 - above.y1 > lineHeight(line) * 1.5) continue;
      const name = above.segments.find((s) => s.x0 < segment.x1 && s.x1 > segment.x0);
      if (!name || buyerSegments.has(name) || !looksLikeName(name.text) || isStreetLine(name.text)) continue;
      const position = above.page === 1 ? 1 - (above.y0 / above.pageHeight) * 0.5 : 0.4;
      found.push({
        segment,
        business: { value: cleanName(name.text), score: 0.7 * position, line: above, source: 'layout' },
      });
    }
  }
  return found;
}
