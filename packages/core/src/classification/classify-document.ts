import type { ReadDocument } from '../ports/document-reader.port.js';
import { fold } from '../extraction/index.js';
import { hits } from './indicator-hits.js';
import { indicatorText } from './indicator-text.js';
import { DOCUMENT_TYPES, INDICATORS, type DocumentType } from './indicators.js';
import { otherTitle, type OtherTitle } from './other-titles.js';
import { calibratedConfidence, type ClassificationEvidence } from './calibration.js';

/**
 * A simple, explainable classifier: keyword evidence from the text (phrases in the top third of
 * the first page, where titles stand, count double) plus the page's shape (receipts are long
 * narrow strips). The answer names the indicators it used.
 */

export interface Classification {
  documentType: DocumentType;
  /**
   * 0 to 1: the probability that documentType is right, mapped from the winner's share of the
   * evidence, its margin over the runner-up and the amount of evidence (calibration.ts).
   */
  confidence: number;
  reasoning: string;
  keyIndicators: string[];
}

/** What the caller knows about a document besides its text. */
export interface ClassificationHints {
  /** Extra text known about the document, such as an e-mail subject or a file name. */
  text?: string;
  /** A type the caller expects: counted as one more indicator, not taken on trust. */
  expectedType?: DocumentType;
}

const TITLE_BOOST = 2;
/**
 * The document's own title (indicator-text.ts: the first title with its number) counts this many
 * times more: an online shop's invoice prints "Rechnung # 000062431" over "Bestellung # 2390" and
 * "Bestelldatum", and its order's words, each counted in the top third, outweighed its one title.
 */
const OWN_TITLE = 3;
/**
 * A receipt's words of at least this weight (a till's, a table's, the payment made) outweigh an
 * invoice's or an order's title that stands alone: a restaurant's "Rechnung", a fuel station's
 * "Facture", a pickup slip's "Bestellung #4711" print no label of an invoice or an order besides
 * their title, and their one title word, counted OWN_TITLE times more, outweighed every word of
 * the payment made at the till. A title beside another of its type's words keeps its weight.
 */
const SUPPORT_WEIGHT = 1;
const NARROW_PAGE = 1.8;

/**
 * Decides whether a read document is an invoice, a receipt or a purchase order (or other), from its
 * title, words and layout, with a confidence and the indicators that decided it.
 */
export function classifyDocument(doc: ReadDocument, hints: ClassificationHints = {}): Classification {
  const text = indicatorText(doc);
  const { scores, found } = scoreDocument(doc, text, hints);
  const decided = decide(scores, found);
  const other = otherTitle(text.headings, text.title);
  return other ? titledOther(decided, other) : decided;
}

/**
 * The evidence the classifier weighs, before it is mapped to a confidence: the lab fits the
 * mapping (calibration.json) on these.
 */
export function classificationEvidence(doc: ReadDocument, hints: ClassificationHints = {}): ClassificationEvidence {
  const { scores } = scoreDocument(doc, indicatorText(doc), hints);
  return evidenceOf(scores);
}

type Scores = Record<DocumentType, number>;
type Found = Record<DocumentType, string[]>;

function scoreDocument(
  doc: ReadDocument,
  text: ReturnType<typeof indicatorText>,
  hints: ClassificationHints,
): { scores: Scores; found: Found } {
  const scores: Scores = { invoice: 0, receipt: 0, purchase_order: 0 };
  const found: Found = { invoice: [], receipt: [], purchase_order: [] };
  const { body, top, title } = text;
  const hintText = ` ${fold(hints.text ?? '')} `;
  const titled: Scores = { invoice: 0, receipt: 0, purchase_order: 0 };
  const supported = new Set<DocumentType>();
  for (const type of DOCUMENT_TYPES) {
    for (const indicator of INDICATORS[type]) {
      const { phrase, weight } = indicator;
      const inBody = hits(body, indicator, type);
      const inHint = hits(hintText, indicator, type) > 0;
      if (inBody === 0 && !inHint) continue;
      const inTitle = hits(top, indicator, type) > 0 ? TITLE_BOOST : 1;
      scores[type] += weight * Math.min(inBody, 3) * inTitle + (inHint ? weight : 0);
      if (hits(title, indicator, type) > 0) titled[type] += weight * OWN_TITLE;
      else if (weight >= SUPPORT_WEIGHT) supported.add(type);
      found[type].push(phrase);
    }
  }
  const shape = pageShape(doc);
  if (shape) {
    scores.receipt += 3;
    found.receipt.push(shape);
    supported.add('receipt');
  }
  for (const type of DOCUMENT_TYPES) {
    const alone = type !== 'receipt' && !supported.has(type) && supported.has('receipt');
    if (!alone) scores[type] += titled[type];
  }
  if (hints.expectedType) scores[hints.expectedType] += 2;
  return { scores, found };
}

function ranking(scores: Scores): DocumentType[] {
  return [...DOCUMENT_TYPES].sort((a, b) => scores[b] - scores[a]);
}

function evidenceOf(scores: Scores): ClassificationEvidence {
  const [winner, runnerUp] = ranking(scores);
  const total = DOCUMENT_TYPES.reduce((sum, t) => sum + scores[t], 0);
  if (total === 0) return { share: 0, margin: 0, total: 0 };
  return {
    share: scores[winner!] / total,
    margin: (scores[winner!] - scores[runnerUp!]) / total,
    total,
  };
}

/**
 * Below the 0.7 under which the mail path sends a document to a person (and above the 0.5 under
 * which it counts the classification as failed): a quote or a delivery note read as an invoice
 * would be booked.
 */
const OTHER_TITLE_CONFIDENCE = 0.6;
const NAMED: Record<DocumentType, string> = {
  invoice: 'an invoice',
  receipt: 'a receipt',
  purchase_order: 'a purchase order',
};

/** The classification of a document whose own title names another kind (other-titles.ts). */
function titledOther(decided: Classification, other: OtherTitle): Classification {
  return {
    ...decided,
    confidence: Math.min(decided.confidence, OTHER_TITLE_CONFIDENCE),
    reasoning: `titled as a ${other.kind} ("${other.phrase}"), not ${NAMED[decided.documentType]}; ${decided.reasoning}`,
    keyIndicators: [`title: ${other.phrase} (${other.kind})`, ...decided.keyIndicators],
  };
}

function decide(scores: Scores, found: Found): Classification {
  const ranked = ranking(scores);
  const winner = ranked[0]!;
  const evidence = evidenceOf(scores);
  if (evidence.total === 0) {
    return {
      documentType: 'invoice',
      confidence: 0.2,
      reasoning: 'no indicator of any type found; invoice assumed as the most common type',
      keyIndicators: [],
    };
  }
  const confidence = Math.round(Math.max(0.2, calibratedConfidence(evidence)) * 100) / 100;
  const runnerUp = ranked[1]!;
  const reasoning =
    `${winner} scored ${scores[winner].toFixed(1)} (${found[winner].slice(0, 5).join(', ')})` +
    (scores[runnerUp] > 0
      ? `, ahead of ${runnerUp} at ${scores[runnerUp].toFixed(1)} (${found[runnerUp].slice(0, 3).join(', ')})`
      : '');
  return { documentType: winner, confidence, reasoning, keyIndicators: found[winner] };
}

/**
 * A page more than 1.8 times as tall as it is wide is a till roll, not a sheet of paper: its print,
 * or, for a page of a PDF's text layer, the page itself (a till printing a short slip to an 80 mm
 * wide PDF page leaves most of the page blank). A photo's own shape is the camera's, not the paper's.
 */
function pageShape(doc: ReadDocument): string | null {
  const page = doc.pages[0];
  if (!page || doc.pages.length > 1) return null;
  const words = page.words;
  if (words.length === 0) return null;
  if (page.source === 'text_layer' && page.height / Math.max(1, page.width) > NARROW_PAGE)
    return 'long narrow page (till roll)';
  const x0 = Math.min(...words.map((w) => w.bbox.x0));
  const x1 = Math.max(...words.map((w) => w.bbox.x1));
  const y0 = Math.min(...words.map((w) => w.bbox.y0));
  const y1 = Math.max(...words.map((w) => w.bbox.y1));
  return (y1 - y0) / Math.max(1, x1 - x0) > NARROW_PAGE ? 'long narrow page (till roll)' : null;
}
