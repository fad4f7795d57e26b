import { foldedTokens } from '../layout/fold.js';
import branches from '../lexicons/branch-words.json' with { type: 'json' };

/**
 * A shop's branch line under its brand ("Store #1234", "STORE 2860", "Filiale 0423", "Magasin n°
 * 12", "Tienda nº 45", "Filiaal Utrecht", "Cawangan Ipoh", "Leeds Branch"): it says which of the
 * brand's shops printed the slip, so it is neither the shop's name nor the rest of a name broken
 * over two lines. A shop word with a number after it is a branch line in every language ("Store",
 * "Markt", "Kedai"); a word that only ever names a branch ("Filiale", "Sucursal", "Branch")
 * makes one with a place beside it as well. The words are data per language
 * (lexicons/branch-words.json).
 */

type Table = Record<'numbered' | 'number_words' | 'named', Record<string, string[]>>;

const table = branches as Table;
const NUMBERED: readonly string[][] = Object.values(table.numbered)
  .flat()
  .map((w) => w.split(' '));
const NUMBER_WORDS: ReadonlySet<string> = new Set(Object.values(table.number_words).flat());
const NAMED: ReadonlySet<string> = new Set(Object.values(table.named).flat());

/** The most words a branch line takes beside its shop word ("Filiale Frankfurt am Main"). */
const MOST_WORDS = 4;

export function isBranchLine(text: string): boolean {
  const tokens = foldedTokens(text);
  if (tokens.length < 2 || tokens.length > MOST_WORDS + 1) return false;
  if (NAMED.has(tokens[0]!) || NAMED.has(tokens.at(-1)!)) return true;
  const word = NUMBERED.find((w) => w.every((t, k) => tokens[k] === t));
  if (!word) return false;
  const rest = tokens.slice(word.length).filter((t) => !NUMBER_WORDS.has(t));
  // "Store 2860", "Markt 4711", "Tienda nº 045", "Store 6347 - Austin, TX": a number right after the word.
  return rest.length >= 1 && /^\d+[a-z]?$/.test(rest[0]!);
}
