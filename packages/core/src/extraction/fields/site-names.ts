import { stripLegalForm } from '../evaluation/names.js';
import type { Line } from '../layout/lines.js';
import type { Candidate } from './candidates.js';
import { cleanName, looksLikeName, looksLikeStreet, SENDER_SEPARATORS } from './party-lines.js';

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

/**
 * Lines the page's own web or e-mail address spells whole, every word of them (the legal form left
 * out): "Plomberie Roux" over its address at the foot with "www.plomberieroux.fr" under it,
 * "Camille Roux Photographie" under a closing with "billing@camillerouxphotographie.fr" in the
 * footer. Such a name needs no legal form or label: a line and an address printed apart witness
 * each other, where the address alone names nothing. Lines of the buyer's block are left out.
 */
export function siteSpelledNames(lines: readonly Line[], sites: ReadonlySet<string>, skip: Set<Line>): Candidate[] {
  if (sites.size === 0) return [];
  const found: Candidate[] = [];
  for (const line of lines) {
    if (skip.has(line) || line.confidence < 0.5) continue;
    for (const segment of line.segments) {
      for (const part of segment.text.split(SENDER_SEPARATORS)) {
        const name = cleanName(part);
        const words = stripLegalForm(name).split(' ').filter(Boolean).length;
        if (words < 2 || !looksLikeName(name) || looksLikeStreet(name)) continue;
        if (wordsASiteSpells(name, sites) !== words) continue;
        const position = line.page === 1 ? 1 - (line.y0 / line.pageHeight) * 0.5 : 0.4;
        found.push({ value: name, score: 0.5 * position, line, source: 'layout' });
      }
    }
  }
  return found;
}
