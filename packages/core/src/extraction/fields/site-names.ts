import { stripLegalForm } from '../evaluation/names.js';
import type { Line } from '../layout/lines.js';

/**
 * The names a page's web and e-mail addresses spell: "www.harborfoods.co.uk" and
 * "billing@harborfoods.com" both give "harborfoods". A company's own site usually spells its name
 * run together, so a name candidate that is exactly such a site name ("Harbor Foods LLC", legal
 * form left out) has a second, independent witness on the page; a part of it ("HARBOR", a logo
 * word) and the other party's name have none. Nothing here names a vendor or a layout.
 */

const ADDRESS = /(?:\bwww\.|[\p{L}\p{N}._%+-]+@)((?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,})/giu;
/** Second-level labels under a country's domain ("co.uk", "com.my"): the name stands before them. */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'or', 'ne']);
/** A site name shorter than this matches too much by chance ("abc"). */
const MIN_LETTERS = 5;

export function siteNames(lines: readonly Line[]): Set<string> {
  const found = new Set<string>();
  for (const line of lines) {
    for (const match of line.text.matchAll(ADDRESS)) {
      const labels = match[1]!.toLowerCase().split('.');
      labels.pop();
      if (labels.length > 1 && SECOND_LEVEL.has(labels.at(-1)!)) labels.pop();
      const name = runTogether(labels.at(-1) ?? '');
      if (name.length >= MIN_LETTERS) found.add(name);
    }
  }
  return found;
}

/**
 * Whether the name, its legal form left out, is one of the page's site names run together. Its
 * first two words or more count as well, for a legal form the list does not know ("V.O.F.",
 * "S.L.U."); one word alone does not, so that a logo word is no witness of its own.
 */
export function namesASite(name: string, sites: ReadonlySet<string>): boolean {
  if (sites.size === 0) return false;
  const words = stripLegalForm(name).split(' ').filter(Boolean);
  for (let n = words.length; n >= 2; n--) {
    const joined = runTogether(words.slice(0, n).join(''));
    if (joined.length >= MIN_LETTERS && sites.has(joined)) return true;
  }
  return false;
}

/** How many of the name's first words (its legal form left out) a site spells run together; 0 for none. */
export function wordsASiteSpells(name: string, sites: ReadonlySet<string>): number {
  const words = stripLegalForm(name).split(' ').filter(Boolean);
  for (let n = words.length; n >= 1; n--) {
    const joined = runTogether(words.slice(0, n).join(''));
    if (joined.length >= MIN_LETTERS && sites.has(joined)) return n;
  }
  return 0;
}

/** Letters and digits only, accents dropped: "Lefèvre-Conseil" and "lefevreconseil" alike. */
function runTogether(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
