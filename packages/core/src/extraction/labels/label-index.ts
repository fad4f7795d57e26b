import { fold } from '../layout/fold.js';
import {
  lookalikeMatch,
  lookalikeOf,
  MISREAD_MIN_LETTERS,
  misreadMatch,
  rejoinSplit,
  splitJoined,
} from './ocr-misreads.js';
import type { Line } from '../layout/lines.js';
import { lexiconLabels } from './lexicon-labels.js';
import { ROLE_LABELS, ROLES } from './synonyms.js';
import { joinWrappedHeadings } from './wrapped-headings.js';
import { closesPaymentRows, headsPaymentRow } from './payee-labels.js';
import { segmentStarts, xRange, type LabelHit, type LabelKey } from './label-hit.js';
import { continuesLabel } from './label-phrases.js';

export { segmentStarts, xRange, type LabelHit, type LabelKey } from './label-hit.js';

/**
 * Where labels sit on the page. All labels known for the document (built-in roles plus the
 * labels derived from custom field definitions) are matched together, left to right, the
 * longest one winning at each position: so "Due Date" is one due_date label, never the
 * invoice_date label "Date" with a stray "Due" before it.
 */

/** The keys of the parties' names, whose misread labels must begin their segment. */
const PARTY_KEYS = new Set<LabelKey>(['vendor_name', 'buyer_name']);

interface LabelEntry {
  key: LabelKey;
  tokens: string[];
  strength: number;
}

export interface LineToken {
  text: string;
  start: number;
  end: number;
}

export const WEAK_STRENGTH = 0.55;
/** A label read with one letter wrong by OCR is a little weaker than one read right. */
export const MISREAD_FACTOR = 0.85;
/** In a text layer, only a word this long is matched with a typo ("Umsatzssteuer"), which makes it a letter shorter at most. */
const TYPO_MIN_LETTERS = 10;

const BUILT_IN: LabelEntry[] = ROLES.flatMap((role) => [
  ...ROLE_LABELS[role].labels.map((label) => ({ key: role, tokens: label.split(' '), strength: 1 })),
  ...(ROLE_LABELS[role].weak ?? []).map((label) => ({ key: role, tokens: label.split(' '), strength: WEAK_STRENGTH })),
]);

export class LabelIndex {
  private readonly byFirstToken = new Map<string, LabelEntry[]>();
  /** Label words by length, and the label words each read word is a look-alike of. */
  private readonly byLength = new Map<number, string[]>();
  private readonly lookalikes = new Map<string, string[]>();
  /** The labels long enough to be matched a letter off. */
  private readonly misreadable: LabelEntry[];
  /** Every token of every label, for rejoining words that OCR split ("Positionssu m m e"). */
  private readonly vocabulary = new Set<string>();
  /**
   * Label words that open another label word written as one with a label word after them ("netto"
   * of "nettobetrag", "rechnung" of "rechnungsbetrag"): the languages of such compounds write
   * them whole, so "Nettobedrag" is a word of its own, no "netto bedrag" run together.
   */
  private readonly compoundHeads = new Set<string>();
  readonly hits: LabelHit[] = [];

  constructor(lines: Line[], extra: { key: LabelKey; label: string; strength: number }[] = []) {
    const entries = [
      ...BUILT_IN,
      ...extra.map((e) => ({ key: e.key, tokens: fold(e.label).split(' '), strength: e.strength })),
    ];
    this.misreadable = entries.filter((e) => e.tokens.join('').length >= MISREAD_MIN_LETTERS);
    for (const entry of entries) {
      for (const token of entry.tokens) this.vocabulary.add(token);
      if (!entry.tokens[0]) continue;
      const list = this.byFirstToken.get(entry.tokens[0]) ?? [];
      list.push(entry);
      this.byFirstToken.set(entry.tokens[0], list);
    }
    for (const word of this.vocabulary) {
      this.byLength.set(word.length, [...(this.byLength.get(word.length) ?? []), word]);
      for (let k = 3; k <= word.length - 3; k++)
        if (this.vocabulary.has(word.slice(0, k)) && this.vocabulary.has(word.slice(k)))
          this.compoundHeads.add(word.slice(0, k));
    }
    const matched = lines.flatMap((line) => this.matchLine(line));
    const joined = joinWrappedHeadings(lines, matched, (text) => this.wholeLabel(text));
    // "Empfänger" over "IBAN" heads the payee's row of a payment form, and under it in a bank
    // column names the account's holder: no buyer's block either way.
    this.hits.push(...joined.filter((hit) => !headsPaymentRow(lines, hit) && !closesPaymentRows(lines, hit)));
    this.hits.push(...headingOnlyHits(lines));
  }

  /** Hits for one key, strongest first. */
  hitsFor(key: LabelKey): LabelHit[] {
    return this.hits.filter((h) => h.key === key).sort((a, b) => b.strength - a.strength);
  }

  /** Hits on a line, left to right. */
  hitsOn(line: Line): LabelHit[] {
    return this.hits.filter((h) => h.line === line);
  }

  /** An OCR'd line's tokens with a label's words split inside or run together put right (ocr-misreads.ts). */
  private ocrTokens(line: Line) {
    const opens = (a: string, b: string) =>
      !this.compoundHeads.has(a) && (this.byFirstToken.get(a)?.some((e) => e.tokens[1] === b) ?? false);
    return splitJoined(rejoinSplit(lineTokens(line), this.vocabulary), this.vocabulary, opens);
  }

  private matchLine(line: Line): LabelHit[] {
    const tokens = line.ocr ? this.ocrTokens(line) : lineTokens(line);
    const hits: LabelHit[] = [];
    // OCR lines are matched allowing for misreads (a letter off in a long label, or look-alike
    // glyphs in any), which need to know where segments begin; a text layer only for a typo in a
    // long word, so a line without one is matched exactly.
    const cells = segmentStarts(line);
    const starts = line.ocr ? cells : [];
    const typos = !line.ocr && tokens.some((t) => t.text.length >= TYPO_MIN_LETTERS - 1);
    for (let i = 0; i < tokens.length;) {
      const exact = this.cellLabel(
        line,
        cells,
        tokens,
        i,
        this.longestAt(tokens.slice(0, closingMark(line.text, tokens, i)), i),
      );
      const segmentStart = line.ocr && beginsSegment(line, starts, tokens[i]!.start);
      const guessed = line.ocr
        ? longer(this.longestMisreadAt(tokens, i, segmentStart), this.longestLookalikeAt(tokens, i, segmentStart))
        : typos
          ? this.longestMisreadAt(tokens, i, false, TYPO_MIN_LETTERS)
          : null;
      // A label read with a letter off lies within one segment: across a column's gap, "Services"
      // ending a name and the "Date" of "Date de facture" are no misread "Service Date".
      const misread = guessed && !acrossSegments(starts, tokens, i, guessed.tokens.length) ? guessed : null;
      const best = misread && misread.tokens.length > (exact?.tokens.length ?? 0) ? misread : exact;
      const first = tokens[i]!;
      const last = best ? tokens[i + best.tokens.length - 1]! : first;
      if (!best || prefixesIdentifier(line.text, last.end) || insideAddressWord(line.text, first.start, last.end)) {
        i++;
        continue;
      }
      if (continuesLabel(line, cells, hits.at(-1), best.all, first.start, last.end)) {
        i += best.tokens.length;
        continue;
      }
      for (const entry of best.all) {
        hits.push({
          key: entry.key,
          strength: best === misread ? entry.strength * MISREAD_FACTOR : entry.strength,
          line,
          start: first.start,
          end: last.end,
          ...xRange(line, first.start, last.end),
        });
      }
      i += best.tokens.length;
    }
    return hits;
  }

  /**
   * The longest labels at token i read with one word a letter off (OCR lines only). A party's
   * label misread begins its segment (`segmentStart`): "OFFICE SUPPLIES" ends a shop's name and is
   * no misread "Supplier", while an amount's label may follow a bracket ("(Excluded GST) Sub Total").
   */
  private longestMisreadAt(
    tokens: LineToken[],
    i: number,
    segmentStart: boolean,
    minWordLetters = 0,
  ): { tokens: string[]; all: LabelEntry[] } | null {
    let length = 0;
    let all: LabelEntry[] = [];
    for (const entry of this.misreadable) {
      if (!segmentStart && PARTY_KEYS.has(entry.key)) continue;
      if (entry.tokens.length < length || !misreadMatch(entry.tokens, tokens, i, this.vocabulary, minWordLetters))
        continue;
      if (entry.tokens.length > length) {
        length = entry.tokens.length;
        all = [entry];
      } else all.push(entry);
    }
    return length ? { tokens: all[0]!.tokens, all } : null;
  }

  /**
   * The longest labels at token i with words read as look-alikes of theirs ("N2" for "Nº", "Nimero"
   * for "Número"; OCR lines only), whatever their length; a party's label begins its segment.
   */
  private longestLookalikeAt(
    tokens: LineToken[],
    i: number,
    segmentStart: boolean,
  ): { tokens: string[]; all: LabelEntry[] } | null {
    let length = 0;
    let all: LabelEntry[] = [];
    const entries = this.firstWords(tokens[i]!.text).flatMap((word) => this.byFirstToken.get(word) ?? []);
    for (const entry of entries) {
      if (!segmentStart && PARTY_KEYS.has(entry.key)) continue;
      if (entry.tokens.length < length || !lookalikeMatch(entry.tokens, tokens, i, this.vocabulary)) continue;
      if (entry.tokens.length > length) {
        length = entry.tokens.length;
        all = [entry];
      } else all.push(entry);
    }
    return length ? { tokens: all[0]!.tokens, all } : null;
  }

  /**
   * The label words a read word may be: itself when it is one, else those it is a look-alike of
   * (as long as it or up to two letters shorter: "ii" and "rn" stand for one letter), kept per word.
   */
  private firstWords(read: string): string[] {
    if (this.vocabulary.has(read)) return [read];
    let words = this.lookalikes.get(read);
    if (!words) {
      words = [0, 1, 2].flatMap((d) => (this.byLength.get(read.length - d) ?? []).filter((w) => lookalikeOf(read, w)));
      this.lookalikes.set(read, words);
    }
    return words;
  }

  /**
   * A label that fills two cells of a row of three or more ("Tel. ‖ Preventivo del ‖ Data ‖
   * Consegna", column headings over their values), or runs from one into part of the next, where
   * the first cell alone is a label too: that one. The columns' gap parts two headings ("Data", "Consegna"), not one "Data Consegna";
   * a label whose first cell is none ("Invoice ‖ Date" set apart by justification) stays whole.
   */
  private cellLabel(line: Line, cells: number[], tokens: LineToken[], i: number, match: Match): Match {
    if (!match || match.tokens.length < 2 || line.segments.length < 3) return match;
    const last = i + match.tokens.length - 1;
    const next = cells.find((c) => c > tokens[i]!.start && c <= tokens[last]!.start);
    if (next === undefined || !cells.includes(tokens[i]!.start)) return match;
    const firstCell = tokens.slice(
      0,
      tokens.findIndex((t) => t.start >= next),
    );
    const own = this.longestAt(firstCell, i);
    if (endsCell(cells, line.text, tokens[last]!.end)) return own ?? match;
    // A label run on into the first words of the next cell ("Cliente ‖ N.º documento" read as a
    // customer number's "Cliente N."): the next cell is a label of its own, and the first cell,
    // where its words are one label whole, is that label.
    return own && i + own.tokens.length === firstCell.length ? own : match;
  }

  /** The labels that a whole text is, every one of its words (none when it holds more or less). */
  private wholeLabel(text: string): { key: LabelKey; strength: number }[] {
    const tokens = lineTokens({ text });
    const match = tokens.length ? this.longestAt(tokens, 0) : null;
    return match?.tokens.length === tokens.length ? match.all.map(({ key, strength }) => ({ key, strength })) : [];
  }

  /** The longest labels starting at token i (several keys may share one label text). */
  private longestAt(tokens: LineToken[], i: number): { tokens: string[]; all: LabelEntry[] } | null {
    const candidates = this.byFirstToken.get(tokens[i]!.text);
    if (!candidates) return null;
    let length = 0;
    let all: LabelEntry[] = [];
    for (const entry of candidates) {
      if (!entry.tokens.every((t, k) => tokens[i + k]?.text === t)) continue;
      if (entry.tokens.length > length) {
        length = entry.tokens.length;
        all = [entry];
      } else if (entry.tokens.length === length) {
        all.push(entry);
      }
    }
    return length ? { tokens: all[0]!.tokens, all } : null;
  }
}

type Match = { tokens: string[]; all: LabelEntry[] } | null;

/** The match of more words, the first on a tie. */
function longer(a: Match, b: Match): Match {
  if (!b) return a;
  return a && a.tokens.length >= b.tokens.length ? a : b;
}

/** Buyer headings too common to be labels but alone at the top of a block ("An", "Aan", "To"). */
const HEADING_ONLY = new Set(lexiconLabels('buyer_heading'));

/**
 * Buyer headings of `HEADING_ONLY` where one fills its segment (a colon allowed after it) and a
 * block of at least two lines follows right under it in its column, the first beginning with a
 * capital letter (a name): "An" over "Müller Bau GmbH", "Hauptstraße 5", never "An" in a sentence
 * or beside a value.
 */
function headingOnlyHits(lines: Line[]): LabelHit[] {
  const hits: LabelHit[] = [];
  lines.forEach((line, i) => {
    const starts = segmentStarts(line);
    line.segments.forEach((segment, k) => {
      const text = segment.text.trim().replace(/\s*:$/, '');
      if (!HEADING_ONLY.has(fold(text))) return;
      const first = blockLineUnder(line, lines[i + 1], segment);
      if (!first || !/^\p{Lu}\p{L}/u.test(first.text.trim())) return;
      if (!blockLineUnder(lines[i + 1]!, lines[i + 2], segment)) return;
      const start = starts[k] ?? 0;
      hits.push({
        key: 'buyer_name',
        strength: 1,
        line,
        start,
        end: start + segment.text.length,
        x0: segment.x0,
        x1: segment.x1,
      });
    });
  });
  return hits;
}

/** The segment of `next` in the column of `segment`, where `next` follows `line` without a gap. */
function blockLineUnder(
  line: Line,
  next: Line | undefined,
  segment: { x0: number; x1: number },
): { text: string } | null {
  if (!next || next.page !== line.page || next.y0 - line.y1 > (line.y1 - line.y0) * 1.5) return null;
  return next.segments.find((s) => s.x0 < segment.x1 + 40 && s.x1 > segment.x0 - 5 && s.x0 > segment.x0 - 20) ?? null;
}

/** Folded tokens of a line with their character ranges in line.text. */
export function lineTokens(line: Pick<Line, 'text'>): LineToken[] {
  const tokens: LineToken[] = [];
  for (const m of line.text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const text = fold(m[0]).replace(/ /g, '');
    if (text) tokens.push({ text, start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/**
 * Whether a label's last word is joined by a hyphen, slash or underscore to digits ("PO-2024-001",
 * "INV/2023/17"): then it is the identifier's own prefix, part of the value, and no label.
 */
function prefixesIdentifier(text: string, end: number): boolean {
  return /^[-/_]\d/.test(text.slice(end, end + 2));
}

const ADDRESS_WORD = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.\p{L}{2,}\b|^(?:https?:\/\/|www\.)/iu;

/**
 * A web address printed without "www." ("hansen-kaffee.de", "shop.example.com/help"): lower-case
 * names joined by dots, ending in a country's two letters or a common generic ending. Upper-case
 * letters keep run-together abbreviations ("Tel.Nr", "St.Gallen") out, and the endings keep a
 * tax word glued to its qualifier ("inkl.mwst") a label.
 */
const HOST_NAME = /^(?:[\p{Ll}\d][\p{Ll}\d-]*\.)+(?:\p{Ll}{2}|com|net|org|info|shop|store|biz)(?:\/\S*)?[.,;)]?$/u;

/**
 * Whether a range of the text lies inside an e-mail or web address ("rechnung@atelier.de",
 * "accounts@client.example", "www.invoice-online.fr", "hansen-kaffee.de"): its words are the
 * address's, no label (a shop's ".de" is no weak "de" vendor label). A key run into the address
 * ("E-Mail:rechnung@atelier.de") stays a label, and so does a rate after an at sign ("GST@6%"):
 * an address's domain ends in a dot and two letters or more.
 */
function insideAddressWord(text: string, start: number, end: number): boolean {
  const from = text.lastIndexOf(' ', start - 1) + 1;
  const to = text.indexOf(' ', end);
  const word = text.slice(from, to < 0 ? text.length : to);
  const key = /^[^:@/]*:(?!\/\/)/.exec(word)?.[0].length ?? 0;
  const address = word.slice(key);
  return start >= from + key && (ADDRESS_WORD.test(address) || HOST_NAME.test(address));
}

/** Whether `end` is where a segment's text ends: the line's end, or right before the next segment. */
function endsCell(cells: number[], text: string, end: number): boolean {
  return end >= text.trimEnd().length || cells.some((c) => c > end && !/\S/.test(text.slice(end, c)));
}

/** Whether tokens i to i + count - 1 of an OCR line stand in more than one of its segments. */
function acrossSegments(starts: number[], tokens: LineToken[], i: number, count: number): boolean {
  const first = tokens[i]!.start;
  const last = tokens[i + count - 1]!.start;
  return starts.some((offset) => offset > first && offset <= last);
}

/**
 * The end of the tokens a label starting at token i may take: a number sign ("#", "№") after a
 * word closes any label there, since it reads "number" and so ends a number's label. In a header
 * row "Invoice #" and "Date" over their values are two labels (the invoice number's and the
 * date's), no "Invoice Date" across the columns' gap; a sign after a label's last word is its own.
 */
function closingMark(text: string, tokens: LineToken[], i: number): number {
  let k = i + 1;
  while (k < tokens.length && !NUMBER_SIGN.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start))) k++;
  return k;
}

const NUMBER_SIGN = /[#№]/;

/** Whether no letter or digit stands between the start of its segment and `start`. */
function beginsSegment(line: Line, starts: number[], start: number): boolean {
  const from = starts.findLast((offset) => offset <= start) ?? 0;
  return !/[\p{L}\p{N}]/u.test(line.text.slice(from, start));
}
