import type { DocumentView } from '../document-view.js';
import { familyOf } from '../ranking/ranker.js';
import { printedElsewhere } from './amount-witness.js';
import { completedBelow } from './completed-below.js';
import { cutFromWord, fragmentOfLonger } from './identifier-fragment.js';
import { prefixSetApart, printedWithPrefix } from './identifier-forms.js';
import { confusableGlyphs, dateShaped, wordIntoDigits, zerosOnly } from './identifier-shape.js';
import { rowInDoubt } from './label-row.js';
import { valueSpan } from './value-span.js';
import {
  addressHoldsContact,
  addressHoldsOtherLine,
  addressOfOnePart,
  personOverName,
  sellerUnderOtherHeading,
} from './party-blocks.js';
import { printedTwice } from './name-witness.js';
import { printedOtherwise } from './printed-otherwise.js';
import { besideUnreadWords } from './unread-label.js';
import { namelessAddressPrinted } from './nameless-address.js';
import { headedBySides } from './order-sides.js';
import { unconfirmedRepair } from './repair-witness.js';
import { cutAtOcrGap, keyShaped, splitByOcr, streetShaped } from './name-shape.js';
import { qualifiedDateLabel, type Candidate } from '../fields/candidates.js';
import type { Role } from '../labels/synonyms.js';
import { findDates, type FoundDate } from '../values/dates.js';
import { mayGoOn } from '../fields/name-continuation.js';
import { segmentStarts } from '../labels/label-index.js';
import { guessedDate } from '../layout/ocr-dates.js';
import { wordsInSpan } from '../locations/locate.js';

/**
 * Caps where the evidence behind a value is weak, whatever the ranker and its calibration say. The
 * calibration is fitted on held-out development documents, but the rules were written after reading
 * those documents' failures, so on a stranger's documents a confidence of 0.9 or more was wrong far
 * more often (the locked split: 7.6% against the folds' 3.0%). The conditions below were chosen on
 * the folds and on synthetic stranger layouts rendered as text PDFs, photos and scans:
 *
 * - a company name that no label introduces and that is printed only once: the ranker picked it by
 *   layout (top of the page, large print), and a misread letter, a name cut short or the other
 *   party's name looks the same to it. The same name printed a second time (a footer, a web or
 *   e-mail address) is an independent witness and lifts the cap;
 * - a numeric date that reads as two days ("08/04/2020", day and month both 12 or less) on a page
 *   whose own dates do not settle the order: the order was assumed (from the currency or the
 *   address, else day-first), and an assumption is no evidence; a date no label names on a page
 *   that prints another date, or with words before it that no label list knows or OCR could
 *   not read (unread-label.ts); and a date whose only label is a generic one qualified by words
 *   no label lists ("Fecha de oferta", "Quotation date": labels/qualified-labels.ts); and a date
 *   printed against another one, a period's end ("01-12-2021 - 31-12-2021") or a row of dates run
 *   together into one segment; and a date OCR read through a look-alike glyph, a separator
 *   ("25:8.21") or a month name's letter ("ao(t"), put right by a guess (layout/ocr-dates.ts);
 * - a total, subtotal or tax that no label names: one of the page's printed amounts picked by its
 *   place and size, where a subtotal above a total whose label is missing or unread looks the same;
 *   and one read by OCR with no second witness (printed once, and no arithmetic of the fields
 *   agrees: amount-witness.ts, cross-checks.ts), where one misread digit looks the same;
 * - a document number shaped as a date ("2023-12-03", "22-NOV-22") or made of zeros alone, or read
 *   by OCR with a glyph OCR confuses touching a letter, or with a lower-case word or abbreviation
 *   run into its digits (identifier-shape.ts); or one the page prints again with capital letters before it, which may
 *   be its own prefix, or one OCR read right after capital letters it set apart (identifier-forms.ts); or one OCR read as a piece of a word that a stray
 *   glyph cuts off from the rest, "0€93-44412" (identifier-fragment.ts);
 * - a date or amount read by OCR beside its label that stands a quarter of a row or more off its
 *   label's row, towards another date label or a label no lexicon lists ("Tax point") in the same
 *   column: the row may be the neighbour's (label-row.ts);
 * - a value of a field no model ranks (addresses, a buyer's name, a payment method) read by OCR;
 * - a name without a legal form whose column's next line may be its rest ("Bernard" over
 *   "Distribution": fields/name-continuation.ts), or one OCR split inside a word (name-shape.ts);
 * - a person's name with a second name line under it in its block, an address with a contact
 *   person, a company's name (or its legal form alone), a department or a registration in it, an
 *   address of one part (a street without its town, a town without its street), a seller's name or
 *   address under a heading no seller label matches (party-blocks.ts); a seller's address read
 *   under a name capped here, on a page that prints another postal address with no name over it
 *   (nameless-address.ts);
 * - a document number or a name read by OCR that the page prints again with one glyph otherwise
 *   ("REG3040" and "RE63040"): one of the two printings is misread (printed-otherwise.ts);
 * - an OCR'd name whose misread words a word list put right (fields/name-words.ts), unless another
 *   line prints it as repaired (repair-witness.ts);
 * - a party's name on a purchase order whose parties stand in a sender's and an addressee's box
 *   ("Émetteur", "Adressé à"): which of them buys the page does not say (order-sides.ts).
 *
 * A capped value stays above REVIEW_BELOW: the cap takes it out of the 0.9-1.0 bin, where values are
 * to be right 97% of the time, without sending its document to review.
 */
export const WEAK_EVIDENCE_CEILING = 0.85;

const WEB_OR_MAIL = /@|\bwww\.|https?:\/\//i;

/** A postal address that runs on into a web or e-mail address (no part of an address). */
export function addressRunsIntoContact(address: string): boolean {
  return WEB_OR_MAIL.test(address);
}
const NAME_ROLES: readonly Role[] = ['vendor_name', 'buyer_name'];
const DATE_ROLES: readonly Role[] = ['invoice_date', 'order_date', 'transaction_date', 'due_date', 'delivery_date'];
const AMOUNT_ROLES: readonly Role[] = ['total_amount', 'subtotal', 'tax_amount'];
const IDENTIFIER_ROLES: readonly Role[] = ['invoice_number', 'po_number'];

/** The most confidence a candidate's evidence allows, as FoundField carries it; undefined when it allows any. */
export function evidenceCeiling(
  ctx: DocumentView,
  candidate: Candidate,
  role: Role | null,
  documentType?: string,
  seller?: Candidate | null,
): { ceiling: number; firmCeiling?: true } | undefined {
  // A total that a larger amount further down completes is the subtotal whatever adds up to it.
  if (role === 'total_amount' && completedBelow(ctx, candidate))
    return { ceiling: WEAK_EVIDENCE_CEILING, firmCeiling: true };
  if (role !== null && NAME_ROLES.includes(role) && documentType === 'purchase_order' && headedBySides(ctx))
    return { ceiling: WEAK_EVIDENCE_CEILING };
  if (weakEvidence(ctx, candidate, role)) return { ceiling: WEAK_EVIDENCE_CEILING };
  // A seller's address is no surer than the seller's name it was read under, where the page prints
  // another address whose name is not in the text (a logo's), which may be the seller's own.
  if (role === 'vendor_address' && seller && seller !== candidate && namelessAddressPrinted(ctx, candidate))
    return evidenceCeiling(ctx, seller, 'vendor_name', documentType) ? { ceiling: WEAK_EVIDENCE_CEILING } : undefined;
  return undefined;
}

function weakEvidence(ctx: DocumentView, candidate: Candidate, role: Role | null): boolean {
  const ocr = candidate.line.ocr;
  // A field no model ranks (addresses, a buyer's name, a payment method), read by OCR: its rules
  // build blocks from lines that OCR rebuilt, where the buyer's block, a contact person or a label
  // looks the same to them, and the one calibration curve these fields share was fitted mostly on
  // text layers.
  if (ocr && (role === null || familyOf(role) === null)) return true;
  if (role === null) return false;
  // A postal address that runs on into a web or e-mail address or a contact person: the block's end
  // was not found, and where it ends the rules guessed (the contact line is no part of an address);
  // or one read under a heading no seller label matches.
  if (role === 'vendor_address')
    return (
      addressRunsIntoContact(String(candidate.value)) ||
      addressHoldsContact(String(candidate.value)) ||
      addressHoldsOtherLine(String(candidate.value)) ||
      addressOfOnePart(String(candidate.value)) ||
      sellerUnderOtherHeading(ctx, candidate, true)
    );
  if (NAME_ROLES.includes(role))
    return (
      (candidate.source !== 'label' && !printedTwice(ctx, candidate)) ||
      unconfirmedRepair(ctx, candidate) ||
      streetShaped(String(candidate.value)) ||
      keyShaped(candidate) ||
      splitByOcr(candidate) ||
      cutAtOcrGap(candidate) ||
      personOverName(ctx, candidate) ||
      mayGoOn(ctx.lines, candidate) ||
      (ocr && printedOtherwise(ctx, candidate, 'name')) ||
      (role === 'vendor_name' && sellerUnderOtherHeading(ctx, candidate, false))
    );
  if (DATE_ROLES.includes(role))
    return (
      assumedOrder(ctx, candidate) ||
      (candidate.source === 'fallback' &&
        (otherDatePrinted(ctx, candidate) ||
          introducedByWords(ctx, candidate) ||
          (ocr && besideUnreadWords(ctx, candidate)))) ||
      (candidate.label !== undefined && qualifiedDateLabel(candidate.label, ctx)) ||
      rowInDoubt(ctx, candidate) ||
      (role !== 'delivery_date' && dateBesideAnother(ctx, candidate)) ||
      (ocr && readThroughLookalike(candidate))
    );
  // An amount no label names and no arithmetic of the foot produced (one of the page's printed
  // amounts, picked by its place and size), where a subtotal looks the same as the total; or one
  // OCR read that nothing else on the page confirms, where one misread digit looks the same.
  if (AMOUNT_ROLES.includes(role))
    return candidate.source === 'fallback' || (ocr && !printedElsewhere(ctx, candidate)) || rowInDoubt(ctx, candidate);
  if (IDENTIFIER_ROLES.includes(role)) {
    const value = String(candidate.value);
    return (
      dateShaped(value) ||
      zerosOnly(value) ||
      (ocr && (confusableGlyphs(value) || wordIntoDigits(value) || printedOtherwise(ctx, candidate, 'identifier'))) ||
      printedWithPrefix(ctx, value) ||
      prefixSetApart(candidate) ||
      fragmentOfLonger(ctx, candidate, value) ||
      cutFromWord(candidate)
    );
  }
  return false;
}

/** A date whose printed words a repair read through a look-alike glyph (layout/ocr-dates.ts). */
function readThroughLookalike(candidate: Candidate): boolean {
  const span = valueSpan(candidate);
  return span !== null && wordsInSpan(candidate.line, span.start, span.end).some(guessedDate);
}

/** The date as printed could be read day-first or month-first, and the page does not say which. */
function assumedOrder(ctx: DocumentView, candidate: Candidate): boolean {
  if (ctx.dates.witnessed || typeof candidate.value !== 'string') return false;
  const span = valueSpan(candidate);
  const printed = findDates(candidate.line.text, ctx.dates).filter(
    (d) => d.iso === candidate.value && (!span || (d.start < span.end && d.end > span.start)),
  );
  return printed.length > 0 && printed.every((d) => d.ambiguous);
}

/**
 * A date no label names that words stand before in its segment ("Afgedrukt op 17.6.18", "Conditions
 * générales au 24 septembre 2018"), or in the segment before it where it begins its own (a key's
 * column: "Fecha de registro   13/11/2020"): a label no lexicon lists introduces it, and what it
 * dates is unknown. A document's own date printed alone (a receipt's "23.04.2024 10:31") has none,
 * and a date with its time after it is a receipt's sale, whatever key a till prints before it.
 */
function introducedByWords(ctx: DocumentView, candidate: Candidate): boolean {
  const { line } = candidate;
  const date = findDates(line.text, ctx.dates).find((d) => d.iso === candidate.value);
  // A receipt prints its sale's date with the time after it ("PRINTED: 22/04/2017 12:23:34").
  if (!date || /^\s*\d{1,2}[:.]\d{2}\b/.test(line.text.slice(date.end))) return false;
  // A date that begins its segment has its key in the segment before it ("Fecha de registro").
  const starts = segmentStarts(line);
  const k = starts.findLastIndex((s) => s <= date.start);
  const own = line.text.slice(starts[k] ?? 0, date.start);
  const before = /\S/.test(own) || k <= 0 ? own : line.text.slice(starts[k - 1], starts[k]);
  return /\p{L}{2,}/u.test(before);
}

/** Nothing, a dash or a word that joins a range's ends ("to", "bis", "al", "au", "t/m") between two dates. */
const DATE_JOIN = /^\s*(?:[-–—]|to|till|until|through|thru|bis|al|a|au|tot|t\/m)?\s*$/iu;

/**
 * A date printed against another one: one end of a range ("01-12-2021 - 31-12-2021", "1.7. bis
 * 31.7.2022"), a period's start or end (billing, service, validity) that no document, order or due
 * date is; or one of a row of dates that ran together into one segment ("6 de septiembre de 2023
 * 10 de septiembre de 2023" under three date headings), where which of them stands under the
 * field's label was not read. Either way the page's other date decided by place alone.
 */
export function dateBesideAnother(ctx: DocumentView, candidate: Candidate): boolean {
  const dates = findDates(candidate.line.text, ctx.dates);
  const span = valueSpan(candidate);
  const text = candidate.line.text;
  // Segments set apart are columns: only dates in one segment are printed against each other.
  const starts = segmentStarts(candidate.line);
  const segment = (d: FoundDate) => starts.findLastIndex((s) => s <= d.start);
  const joined = (a: FoundDate | undefined, b: FoundDate | undefined) =>
    a !== undefined && b !== undefined && segment(a) === segment(b) && DATE_JOIN.test(text.slice(a.end, b.start));
  return dates.some(
    (d, k) =>
      d.iso === candidate.value &&
      (!span || (d.start < span.end && d.end > span.start)) &&
      (joined(dates[k - 1], d) || joined(d, dates[k + 1])),
  );
}

/**
 * A date no label names, on a page that prints another date: which of them is the field's was
 * decided by place alone (an order's delivery date, a validity or billing period look the same).
 */
function otherDatePrinted(ctx: DocumentView, candidate: Candidate): boolean {
  return ctx.lines.some((line) => findDates(line.text, ctx.dates).some((d) => d.iso !== candidate.value));
}
