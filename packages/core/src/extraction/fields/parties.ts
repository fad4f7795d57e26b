import type { ExtractionContext } from '../context.js';
import { fold } from '../layout/fold.js';
import type { Line, Segment } from '../layout/lines.js';
import type { LabelKey } from '../labels/label-index.js';
import { bestPerValue, type Candidate } from './candidates.js';
import {
  buyerBlockLines,
  buyerBlockSegments,
  cleanName,
  hasLegalForm,
  isStreetLine,
  looksLikeName,
  nameBeforeLegalMention,
  repairInitials,
  repairLetterDigits,
  cutAfterLegalForm,
  SENDER_SEPARATORS,
  startsWithLegalForm,
} from './party-lines.js';
import { isSentence, namesInSentence } from './sentence-names.js';
import { withoutAssignees } from './assignee-names.js';
import { namesASite, siteNames, siteSpelledNames } from './site-names.js';
import { joinContinuation, withContinuations } from './name-continuation.js';
import { addresseeNames, senderParts, windowAddressees } from './addressee-names.js';
import { isStreetAddress } from './address-numbers.js';
import { withNameWords } from './name-words.js';
import { repairLegalForm, repairLongFormWord } from './legal-form-glyphs.js';
import { REGISTRATION_WORDS } from '../lexicons/registration-words.js';
import { footerBlockNames } from './footer-names.js';
import { signatureNames, signsOnBehalf } from './signature-names.js';
import { atRunningHead } from './running-heads.js';
import { topNames } from './top-names.js';
import { contactBlocks } from './contact-blocks.js';
import { labelledNames } from './labelled-names.js';
import { isBankBesideAccount, isBankOverAccount } from './bank-names.js';
import { isOwnerLine, ownerLines } from './owner-lines.js';
import { isOrganizationShaped, isPersonShaped, startsWithAttentionWord } from './contact-persons.js';

/**
 * The vendor (or merchant, or supplier) and the buyer. Evidence, strongest first: a label such as
 * "Seller:" or "Rechnungsersteller" with the name beside or under it; a line with a legal form
 * (GmbH, Ltd, Sdn Bhd) outside the buyer's block, higher up the page the better, and repeated in
 * a footer or sender line; a name over its street and town in a column of the footer
 * (footer-names.ts); for receipts and invoices, the first name-like line of the page; and, where
 * nothing else names a seller, the company signing under a letter's closing (signature-names.ts).
 */

export function vendorCandidates(
  ctx: ExtractionContext,
  keys: LabelKey[],
  documentType: string | undefined,
): Candidate[] {
  const buyerLines = buyerBlockLines(ctx.lines, ctx.labels);
  const buyerSegments = buyerBlockSegments(ctx.lines, ctx.labels);
  const owners = ownerLines(ctx, buyerSegments);
  const blocks = documentType === 'receipt' ? null : contactBlocks(ctx.lines, buyerSegments);
  const ordered = documentType === 'purchase_order';
  const sent = ordered ? windowAddressees(ctx) : [];
  const senderNames = senderLineNames(ctx);
  const senders = overWindow(senderNames, sent);
  const candidates = [
    ...labelledNames(ctx, keys, 'vendor_name'),
    ...legalFormNames(ctx, new Set([...buyerSegments, ...owners.map((o) => o.segment)])),
    ...owners.map((o) => o.business),
    // A receipt's foot prints its shop's address under a thanks line, not a seller's column.
    ...(documentType === 'receipt' ? [] : footerBlockNames(ctx.lines, buyerSegments)),
    ...(blocks?.sellers ?? []),
    // A purchase order is sent by its buyer: the sender line over the window names the buyer, the window the supplier.
    ...sent.map(({ text, line }): Candidate => ({ value: text, score: 0.6, line, source: 'layout' })),
    ...senderNames.filter((c) => !senders.includes(c)),
    ...siteSpelledNames(ctx.lines, siteNames(ctx.lines), buyerLines),
  ];
  // On a purchase order the company at the top is most often the one buying, unless a buyer's
  // heading stands below it: then the buyer is named there and the top is the supplier's letterhead.
  if (!ordered || buyerLines.size > 0)
    candidates.push(
      ...topNames(ctx, buyerLines, buyerSegments).filter((c) => !ordered || aboveBuyer(c.line, buyerLines)),
    );
  // A name printed where the buyer stands is the buyer's, unless a seller's label names it; so is
  // the sender's name on a purchase order.
  const addressees = addresseeNames(ctx, !ordered);
  for (const sender of senders) addressees.add(fold(String(sender.value)));
  const isSeller = (c: Candidate) =>
    c.source === 'label' ||
    !(namesAddressee(addressees, String(c.value)) || blocks?.addressees.has(fold(String(c.value))));
  // "i. A. Sabine Keller" under a letter's closing is the person signing for the seller, not its name.
  const offered = candidates.filter((c) => isSeller(c) && !signsOnBehalf(c.line.text));
  // A signature under the closing never outranks a letterhead: it is read only where nothing else
  // names a seller, and never on an order, which its buyer signs.
  const sellers =
    offered.length > 0 || ordered || documentType === 'receipt'
      ? offered
      : signatureNames(ctx.lines, buyerSegments).filter(isSeller);
  const repaired = ocrRepaired(ctx, atOwnBlock(sellers, blocks?.sellers ?? []));
  const all = withContinuations(ctx.lines, repaired, siteNames(ctx.lines));
  // "z. Hd. Frau Schneider": a line sent to the reader's attention is the addressee's, never the seller.
  const named = withoutAssignees(
    ctx.lines,
    all.filter((c) => isNameShaped(String(c.value)) && !startsWithAttentionWord(String(c.value))),
  );
  // A purchase order's buyer heads its pages; any other document's issuer does (running-heads.ts).
  return boostRepeated(ctx, withoutCutNames(bestPerValue(ordered ? named : atRunningHead(ctx.lines, named))));
}

/**
 * A name that heads its own block of street, town and phone (contact-blocks.ts) and is printed again
 * lower down, in a footer or a payment line that a rule scores higher: the ranker is to read the
 * name where the block stands, at the top, so the block's candidate takes the best score of the
 * name's repetitions and goes first (bestPerValue keeps the first of equal scores). A labelled
 * candidate keeps its own place: its label says more than the block.
 */
function atOwnBlock(candidates: Candidate[], blockNames: readonly Candidate[]): Candidate[] {
  const lifted = blockNames.flatMap((block) => {
    const name = fold(String(block.value));
    const same = candidates.filter((c) => fold(String(c.value)) === name);
    if (same.some((c) => c.source === 'label')) return [];
    const lower = same.filter((c) => c.line.page > block.line.page || c.line.y0 > block.line.y1);
    const best = Math.max(0, ...lower.map((c) => c.score));
    return best > block.score ? [{ ...block, score: best }] : [];
  });
  return [...lifted, ...candidates];
}

/**
 * Whether a name is one the page prints where the buyer stands: the same, or begun by one of two
 * words or more that a table cell wrapped ("Redwood Property" over "Group LLC" beside "Customer").
 */
function namesAddressee(addressees: ReadonlySet<string>, name: string): boolean {
  const folded = fold(name);
  if (addressees.has(folded)) return true;
  for (const addressee of addressees)
    if (addressee.includes(' ') && addressee.length >= 8 && folded.startsWith(`${addressee} `)) return true;
  return false;
}

/**
 * A one-word candidate that is the first word of a longer one ("HARBOR", a logo, beside "Harbor
 * Foods LLC" in the footer) is that name cut short: the longer one stands for both.
 */
function withoutCutNames(candidates: Candidate[]): Candidate[] {
  const folded = candidates.map((c) => fold(String(c.value)));
  return candidates.filter((_, i) => {
    const word = folded[i]!;
    return word.includes(' ') || word.length < 3 || !folded.some((o) => o.startsWith(`${word} `));
  });
}

/** Two characters at least, and no courtesy line ("THANK YOU AND DO VISIT US AGAIN."): see sentence-names.ts. */
function isNameShaped(value: string): boolean {
  return value.length >= 2 && !isSentence(value);
}

/**
 * Names read by OCR with a 0 or 1 inside a word of letters written back as the letter, initialisms
 * OCR spaced out written together, a legal form's look-alike glyphs put back (legal-form-glyphs.ts)
 * and misread words put right against the page's word list.
 */
function ocrRepaired(ctx: ExtractionContext, candidates: Candidate[]): Candidate[] {
  return candidates.map((c) => (c.line.ocr ? withNameWords(ctx, withLegalForm(c)) : c));
}

/**
 * A legal form's look-alike glyphs put back give the one form of a closed list they spell; a form's
 * long word put right in a letter that is no look-alike is a guess, a repair that needs a witness
 * for a sure value (repair-witness.ts).
 */
function withLegalForm(c: Candidate): Candidate {
  const read = repairLegalForm(repairInitials(repairLetterDigits(String(c.value))));
  const value = repairLongFormWord(read);
  return value === read ? { ...c, value } : { ...c, value, repairs: [...(c.repairs ?? []), 'form'] };
}

export function buyerCandidates(
  ctx: ExtractionContext,
  keys: LabelKey[],
  documentType: string | undefined,
): Candidate[] {
  const candidates = labelledNames(ctx, keys, 'buyer_name');
  if (documentType !== 'purchase_order')
    return bestPerValue(ocrRepaired(ctx, candidates).filter((c) => isNameShaped(String(c.value))));
  return orderBuyers(ctx, candidates);
}

/**
 * A purchase order's buyer: the order's sender, named on its one-line sender address and at the top
 * of the page, never the window's addressee, the supplier it is sent to. A person under a buyer's
 * label ("Purchaser  Alicia Thornber", "Requester", "Einkäufer", "Solicitante") is the employee who
 * placed the order, as procurement systems print it: the organization named elsewhere goes first.
 */
function orderBuyers(ctx: ExtractionContext, labelled: Candidate[]): Candidate[] {
  const sent = windowAddressees(ctx);
  const supplier = new Set(sent.map((w) => fold(w.text)));
  const candidates = [
    ...labelled,
    ...overWindow(senderLineNames(ctx), sent),
    ...topNames(ctx, new Set()).map((c) => ({ ...c, score: c.score * 0.8 })),
  ].filter((c) => isNameShaped(String(c.value)) && !supplier.has(fold(String(c.value))));
  // Organizations: names shaped as one, and the name on the sender line over the window.
  const organizations = new Set(
    candidates
      .filter((c) => c.source === 'layout' || isOrganizationShaped(String(c.value)))
      .map((c) => fold(String(c.value))),
  );
  const people = (c: Candidate) =>
    c.source === 'label' &&
    organizations.size > 0 &&
    !organizations.has(fold(String(c.value))) &&
    isPersonShaped(String(c.value));
  return bestPerValue(
    ocrRepaired(
      ctx,
      candidates.map((c) => (people(c) ? { ...c, score: c.score * 0.5 } : c)),
    ),
  );
}

/**
 * The sender lines' names over a window (`windowAddressees`): on a purchase order, its buyer's.
 * A sender line with no window under it, in a footer, is the printing side's, as on other documents.
 */
function overWindow(senderNames: Candidate[], sent: { sender: Line }[]): Candidate[] {
  const lines = new Set(sent.map((w) => w.sender));
  return senderNames.filter((c) => lines.has(c.line));
}

/** Lines with a legal form, or names in a sentence; `passedOver`: the buyer's segments and owners' lines. */
function legalFormNames(ctx: ExtractionContext, passedOver: Set<Segment>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    if (line.confidence < 0.5) continue;
    line.segments.forEach((segment, s) => {
      if (passedOver.has(segment)) return;
      const keyed = startsWithOtherKey(ctx, line, segment);
      for (const { part, inSentence } of namedParts(segment.text)) {
        if (!(inSentence || hasLegalForm(part)) || !looksLikeName(part) || isStreetLine(part)) continue;
        // "Ihre Referenz", "Ihr Ansprechpartner": a details box's key, its "Ihre" no phrase before a name.
        if (inSentence && keyed) continue;
        // "Inh. Maria Schmidt e.K.": the owner, with the register's form; the business is named above.
        if (isOwnerLine(part)) continue;
        if (isBankOverAccount(ctx.lines, line, segment, part)) continue;
        const position = line.page === 1 ? 1 - (line.y0 / line.pageHeight) * 0.5 : 0.4;
        // "CO. ‖ (M) SDN BHD": a legal form alone in its segment belongs with the segments before it.
        const text =
          startsWithLegalForm(part) && s > 0
            ? line.segments
                .slice(adjacentFrom(line, s), s + 1)
                .map((x) => x.text)
                .join(' ')
            : part;
        const name = cutAfterLegalForm(joinContinuation(ctx.lines, line, cleanName(text), segment));
        found.push({ value: name, score: 0.7 * position, line, source: 'layout' });
      }
    });
  }
  return found;
}

/** The segment begins with a label of no field ("Ihr Zeichen", "Kundennummer", "Votre référence"). */
function startsWithOtherKey(ctx: ExtractionContext, line: Line, segment: Segment): boolean {
  return ctx.labels.hitsOn(line).some((h) => h.key === 'other' && h.strength >= 1 && Math.abs(h.x0 - segment.x0) <= 1);
}

/**
 * The first of the segments up to the s-th that follow each other without a column's gap: a title
 * at the left ("FACTURA") is no part of a legal form at the right ("S.L.U."), where OCR's split
 * "CO. ‖ (M) SDN BHD" is.
 */
function adjacentFrom(line: Line, s: number): number {
  const gap = (line.y1 - line.y0) * 3;
  let first = s;
  while (first > 0 && line.segments[first]!.x0 - line.segments[first - 1]!.x1 < gap) first--;
  return first;
}

/**
 * The parts of a segment that may be a name: each part of a one-line sender address, and of a
 * sentence the names it holds ("Please make cheques payable to X", "X is a trading name of Y"):
 * a name in such a sentence is one without a legal form as well.
 */
function namedParts(text: string): { part: string; inSentence: boolean }[] {
  return text.split(SENDER_SEPARATORS).flatMap((whole): { part: string; inSentence: boolean }[] => {
    // "X SA au capital de 2 500 000 € · … RCS Lyon", "X con sede legale in Torino": the legal
    // footer names the company first.
    const part = nameBeforeLegalMention(whole) ?? whole;
    const names = namesInSentence(part);
    return names ? names.map((name) => ({ part: name, inSentence: true })) : [{ part, inSentence: false }];
  });
}

/**
 * "Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen": the sender line above a window address. A line
 * that starts with the street or a register entry ("35 Market Road · Manchester M1 1AA · www.…",
 * "HRB 148203, Amtsgericht München · Telefon …", a footer under a logo printed as an image) names
 * no one.
 */
function senderLineNames(ctx: ExtractionContext): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    for (const segment of line.segments) {
      const parts = senderParts(segment.text, line.ocr);
      if (!parts) continue;
      // "Acme is a trading name of Acme Holdings Ltd · 5 High Street · Bristol": the names, not the sentence.
      for (const name of namesInSentence(parts[0]!) ?? [parts[0]!])
        if (looksLikeName(name) && !namesNoOne(name) && !isBankBesideAccount(name, line.text))
          found.push({ value: cleanName(name), score: 0.6, line, source: 'layout' });
    }
  }
  return found;
}

/**
 * A part of a one-line address that names no one: a street with its house number at an end ("35
 * Market Road", "rue de la République 12"), or with a street's word and a number inside and no
 * legal form ("Bâtiment 4, 90 rue du Commerce"); a register entry with its number ("HRB 148203,
 * Amtsgericht München", "KvK 58213904").
 */
const namesNoOne = (text: string) =>
  isStreetLine(text) ||
  (isStreetAddress(text) && !hasLegalForm(text)) ||
  (/\d/.test(text) && REGISTRATION_WORDS.test(fold(text)));

/** Whether a line stands above every line of the buyer's block on its page. */
function aboveBuyer(line: Line, buyerLines: Set<Line>): boolean {
  return [...buyerLines].every((b) => b.page !== line.page || b.y0 > line.y1);
}

/**
 * A name printed several times (letterhead, sender line, footer) is the issuer's; so is a name the
 * page's own web or e-mail address spells ("www.harborfoods.com"), a witness as strong as a label:
 * the buyer's name is seldom the domain of an address printed on the seller's document.
 */
const SITE_BOOST = 1.4;

function boostRepeated(ctx: ExtractionContext, candidates: Candidate[]): Candidate[] {
  const texts = ctx.lines.map((l) => fold(l.text));
  const sites = siteNames(ctx.lines);
  return candidates
    .map((c) => {
      const name = fold(String(c.value));
      const count = name.length >= 4 ? texts.filter((t) => t.includes(name)).length : 1;
      const repeated = count > 1 ? 1 + 0.1 * Math.min(count - 1, 3) : 1;
      return { ...c, score: Math.min(1, c.score * repeated * (namesASite(String(c.value), sites) ? SITE_BOOST : 1)) };
    })
    .sort((a, b) => b.score - a.score);
}
