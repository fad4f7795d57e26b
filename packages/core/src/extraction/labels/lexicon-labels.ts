import { fold } from '../layout/fold.js';
import table from '../lexicons/field-labels.json' with { type: 'json' };

/**
 * Labels kept as data, one list per language and field in lexicons/field-labels.json, written as
 * documents print them ("Fällig am", "Donneur d'ordre"): a language's label is added without code.
 * They are folded here as every label is compared (see fold.ts). `buyer_heading` lists words that
 * head the buyer's block ("An", "Aan", "To") but are too common to be labels anywhere else: they
 * count only standing alone at the top of a block (label-index.ts, `headingOnlyHits`). `document_side`
 * lists the headings of a sender's and an addressee's box (confidence/order-sides.ts).
 */
type LexiconRole = 'due_date' | 'delivery_date' | 'vendor_name' | 'buyer_name' | 'buyer_heading' | 'document_side';

const languages: Record<string, Partial<Record<LexiconRole, string[]>>> = table;

/** The folded labels of a field in every language of the lexicon, each once. */
export function lexiconLabels(role: LexiconRole): string[] {
  const folded = Object.values(languages).flatMap((byRole) => (byRole[role] ?? []).map(fold));
  return [...new Set(folded)];
}
