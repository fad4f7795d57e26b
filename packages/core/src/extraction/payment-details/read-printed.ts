import type { ReadDocument } from '../../ports/document-reader.port.js';
import { buildLines, type Line } from '../layout/lines.js';
import { BANK_WORDS } from '../lexicons/bank-words.js';
import {
  validBic,
  validIban,
  validRoutingNumber,
  type PaymentDetailKey,
  type PaymentDetails,
  type PaymentDetailValue,
} from './payment-details.js';

/**
 * Labels that say which detail follows, in the languages the extractor reads. A sort code,
 * routing number or account number is taken only after its label: bare digits could be anything.
 */
const LABELS: Record<PaymentDetailKey, RegExp> = {
  iban: /\biban\b/i,
  bic: /\b(?:swift[\s/-]*bic|bic[\s/-]*swift|bic|swift)(?:[\s-]*code)?\b/i,
  sort_code: /\bsort[\s-]?code\b/i,
  routing_number:
    /\b(?:aba[\s/-]*routing|routing[\s/-]*transit|aba|routing|rtn)(?:[\s-]*(?:number|no\b\.?|nr\b\.?|#))?/i,
  account_number:
    /(?:\baccount[\s-]*(?:number|no\b\.?|nr\b\.?|#)|\bacct\.?[\s-]*(?:number|no\b\.?|#)|\ba\/c[\s-]*(?:number|no\b\.?)?|\bkonto(?:nummer\b|[\s-]*nr\b\.?)|\bkto[\s.-]*nr\b\.?|\brekeningnummer\b|\bnum[ée]ro\s+de\s+compte\b|\bn°\s*de\s*compte\b|\bn[úu]mero\s+de\s+cuenta\b)/i,
};

/** How sure a labelled reading is before the words' own confidence: a checksum makes it surer. */
const BASE: Record<PaymentDetailKey, number> = {
  iban: 0.98,
  bic: 0.95,
  sort_code: 0.93,
  routing_number: 0.95,
  account_number: 0.88,
};
/** An IBAN found without its label: the checksum holds, but it may be anyone's. */
const UNLABELLED_IBAN = 0.9;
/** A value on the next line under its label is read a little less surely than one beside it. */
const NEXT_LINE = 0.97;

const round = (n: number) => Math.round(n * 1000) / 1000;
const tokens = (text: string) =>
  text
    .split(/\s+/)
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/** The longest run of tokens from a token starting like an IBAN (`DE89`) that passes the check. */
function ibanIn(text: string): { iban: string | null; seen: boolean } {
  const list = tokens(text);
  let seen = false;
  for (let i = 0; i < list.length; i++) {
    if (!/^[A-Z]{2}\d{2}/.test(list[i]!)) continue;
    seen = true;
    let joined = '';
    let found: string | null = null;
    for (let j = i; j < list.length && joined.length < 34; j++) {
      joined += list[j]!;
      found = validIban(joined) ?? found;
    }
    if (found) return { iban: found, seen };
  }
  return { iban: null, seen };
}

function valueIn(key: PaymentDetailKey, text: string): string | null {
  switch (key) {
    case 'iban':
      return ibanIn(text).iban;
    case 'bic':
      return tokens(text).slice(0, 2).map(validBic).find(Boolean) ?? null;
    case 'sort_code': {
      const m = /^\D{0,3}(\d{2})[-\s.]?(\d{2})[-\s.]?(\d{2})(?!\d)/.exec(text);
      return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
    }
    case 'routing_number': {
      const m = /^\D{0,3}(\d{9})(?!\d)/.exec(text);
      return m && validRoutingNumber(m[1]!) ? m[1]! : null;
    }
    case 'account_number': {
      const first = tokens(text)[0] ?? '';
      const digits = first.replace(/-/g, '');
      return /^\d[\d-]*$/.test(first) && digits.length >= 4 && digits.length <= 17 ? digits : null;
    }
  }
}

/** The value a label introduces: after it on its line, else at the start of the next line of its page. */
function labelled(key: PaymentDetailKey, lines: Line[], i: number): PaymentDetailValue | null {
  const line = lines[i]!;
  const label = LABELS[key].exec(line.text);
  if (!label) return null;
  if (key === 'account_number' && BANK_WORDS.othersAccount.test(line.text.slice(0, label.index))) return null;
  const after = line.text.slice(label.index + label[0].length);
  const beside = valueIn(key, after);
  if (beside) return { value: beside, confidence: round(BASE[key] * line.confidence) };
  const next = lines[i + 1];
  // A label alone at the end of its line (a value printed under it); a wrong value beside it is no value.
  if (!next || next.page !== line.page || tokens(after).length > 0) return null;
  const below = valueIn(key, next.text);
  return below ? { value: below, confidence: round(BASE[key] * NEXT_LINE * next.confidence) } : null;
}

/**
 * Payment details printed on a document, read line by line. The first labelled reading of each
 * detail wins; an IBAN that fails its checksum is refused (no IBAN rather than a wrong one). An
 * IBAN printed without its label is taken when no labelled one is found. An account number needs
 * a bank word near it (bank, sort code, routing, BIC) or a sort code or routing number on the page.
 */
export function readPrintedPaymentDetails(doc: ReadDocument): PaymentDetails {
  const lines = buildLines(doc);
  const found: PaymentDetails = {};
  let accountLine = -1;
  for (let i = 0; i < lines.length; i++) {
    for (const key of ['iban', 'bic', 'sort_code', 'routing_number', 'account_number'] as const) {
      if (found[key]) continue;
      const value = labelled(key, lines, i);
      if (!value) continue;
      found[key] = value;
      if (key === 'account_number') accountLine = i;
    }
  }
  if (!found.iban) {
    for (const line of lines) {
      const { iban } = ibanIn(line.text);
      if (!iban) continue;
      found.iban = { value: iban, confidence: round(UNLABELLED_IBAN * line.confidence) };
      break;
    }
  }
  if (found.account_number && !found.sort_code && !found.routing_number && !bankNear(lines, accountLine))
    delete found.account_number;
  return found;
}

/** A bank word on the line, the one above or the one below (same page). */
function bankNear(lines: Line[], i: number): boolean {
  const page = lines[i]!.page;
  return [lines[i - 1], lines[i], lines[i + 1]].some(
    (l) => l !== undefined && l.page === page && BANK_WORDS.bankDetails.test(l.text),
  );
}
