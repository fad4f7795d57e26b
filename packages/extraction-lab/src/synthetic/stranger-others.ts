import type { SyntheticContent } from './document.js';
import type { Pen } from './pen.js';
import type { Random } from './random.js';
import { LEFT, RIGHT } from './stranger-parts.js';

/**
 * Organizations other than the seller and the buyer, where real invoices print them: the bank's
 * name over or beside the account line in the payment block ("Bank: Hanseatische Handelsbank AG"),
 * the invoicing or payment service at the very foot in small print ("Erstellt mit Rechnix GmbH"),
 * the carrier in a delivery line under the item rows ("Shipped via SwiftParcel Ltd"), a parent,
 * franchisor or partner under the title at the top right or in the footer ("Membre du groupe
 * Vauclair Industries SA"), an insurer in the footer ("Berufshaftpflicht: Nordhafen
 * Versicherungs-AG"), and a manufacturer's brand inside item descriptions ("Kestrel Works 18V
 * drill driver"). One kind per document, or all of them, or none. The words are invented, per
 * language in the vocabulary files (`others`). Drawn from a random source of its own (`intake
 * synthetic others S i`), every word whatever the kind, so that every other choice and byte of a
 * seed stays what it was; with the trait off (`synth --no-others`, and the synthetic training set)
 * nothing is drawn or printed.
 */
export type OtherKind = 'none' | 'bank' | 'service' | 'carrier' | 'partner' | 'insurer' | 'brand' | 'all';

export interface StrangerOthers {
  kind: OtherKind;
  /** The bank's name with a label on a line over the account line, or beside it on one line. */
  bank: { place: 'over' | 'beside'; lines: string[] };
  /** The service's line at the foot, at the left or centred. */
  service: { line: string; align: 'left' | 'center' };
  carrier: string;
  /** Under the title at the top right (where nothing else stands there), or in the footer. */
  partner: { place: 'head' | 'foot'; line: string };
  insurer: string;
  /** The rows whose descriptions name a brand, and those descriptions. */
  brands: { row: number; description: string }[];
  /** The other organizations' names the page prints (brands are products, not organizations). */
  names: string[];
}

const KINDS: readonly OtherKind[] = ['none', 'bank', 'service', 'carrier', 'partner', 'insurer', 'brand', 'all'];

/** What of the stranger layout decides whether the top right is free for a partner line. */
interface Placeable {
  identity: { place: string };
  parties: { order: string };
  sellers: { place: string };
}

/**
 * Draws the kind and every word any kind prints, and gives the content the brands' descriptions
 * where the kind prints them.
 */
export function chooseStrangerOthers<L extends Placeable>(
  content: SyntheticContent,
  layout: L,
  random: Random,
): { content: SyntheticContent; layout: L & { others: StrangerOthers } } {
  const words = content.vocabulary.others;
  const named = (lines: readonly string[], names: readonly string[]) => {
    const name = random.pick(names);
    const tracking = String(random.int(100_000, 999_999)) + String(random.int(100_000, 999_999));
    return { name, line: random.pick(lines).replace('{name}', name).replace('{n}', tracking) };
  };
  const kind = random.pick(KINDS);
  const bankName = random.pick(words.banks);
  const bankLabel = random.pick(words.bank_labels);
  const iban = random.pick(words.ibans);
  const bankPlace = random.chance(0.5) ? 'over' : 'beside';
  const service = named(words.service_lines, words.services);
  const serviceAlign = random.chance(0.5) ? 'left' : 'center';
  const carrier = named(words.carrier_lines, words.carriers);
  const partner = named(words.partner_lines, words.partners);
  const partnerHead = random.chance(0.5);
  const insurer = named(words.insurer_lines, words.insurers);
  const brandRows = content.rows.map(() => random.next());
  const brandWords = content.rows.map(() => random.pick(words.brands));
  // The top right is free unless a block, a sole trader's lines or a buyer's letterhead stand there.
  const topFree =
    layout.identity.place !== 'right-top' &&
    !/^(two-lines|title-left)$/.test(layout.sellers.place) &&
    layout.parties.order !== 'letterhead';
  const has = (k: OtherKind) => kind === k || kind === 'all';
  // One row in two or three names a brand, the first at least.
  const brands = has('brand')
    ? content.rows.flatMap((_, i) => (i === 0 || brandRows[i]! < 0.4 ? [{ row: i, description: brandWords[i]! }] : []))
    : [];
  const others: StrangerOthers = {
    kind,
    bank: {
      place: bankPlace,
      lines:
        bankPlace === 'over' ? [`${bankLabel} ${bankName}`, iban] : [`${bankName} · ${iban.replace(/ {2,}/, ' · ')}`],
    },
    service: { line: service.line, align: serviceAlign },
    carrier: carrier.line,
    partner: { place: partnerHead && topFree ? 'head' : 'foot', line: partner.line },
    insurer: insurer.line,
    brands,
    names: [
      ...(has('bank') ? [bankName] : []),
      ...(has('service') ? [service.name] : []),
      ...(has('carrier') ? [carrier.name] : []),
      ...(has('partner') ? [partner.name] : []),
      ...(has('insurer') ? [insurer.name] : []),
    ],
  };
  const rows = content.rows.map((row, i) => {
    const brand = brands.find((b) => b.row === i);
    return brand ? { ...row, description: brand.description } : row;
  });
  return { content: { ...content, rows }, layout: { ...layout, others } };
}

export function describeStrangerOthers(others: StrangerOthers): string {
  const place = others.kind === 'partner' || others.kind === 'all' ? `-${others.partner.place}` : '';
  return `others=${others.kind}${place}`;
}

const shows = (others: StrangerOthers | undefined, kind: OtherKind): others is StrangerOthers =>
  others !== undefined && (others.kind === kind || others.kind === 'all');

/** The carrier's delivery line under the item rows; returns how far it moves what follows down. */
export function drawOthersUnderTable(pen: Pen, others: StrangerOthers | undefined, tableEnd: number): number {
  if (!shows(others, 'carrier')) return 0;
  pen.text(others.carrier, LEFT, tableEnd + 2, { size: 8 });
  return 14;
}

/**
 * The other lines, clear of what the page prints around them: the bank over the closing and the
 * signatures (at 630 and 641), the partner under the title or between the closing and the footer,
 * the insurer under that, and the service under every footer line.
 */
export function drawOthers(pen: Pen, others: StrangerOthers | undefined): void {
  if (!others) return;
  if (shows(others, 'bank'))
    others.bank.lines.forEach((line, i) =>
      pen.text(line, LEFT, 641 - (others.bank.lines.length - 1 - i) * 11, { size: 8 }),
    );
  if (shows(others, 'partner') && others.partner.place === 'head')
    pen.text(others.partner.line, RIGHT, 68, { size: 8, align: 'right', grey: true });
  if (shows(others, 'partner') && others.partner.place === 'foot')
    pen.text(others.partner.line, 297, 750, { size: 7, align: 'center', grey: true });
  if (shows(others, 'insurer')) pen.text(others.insurer, 297, 758, { size: 6, align: 'center', grey: true });
  if (shows(others, 'service')) {
    const x = others.service.align === 'center' ? 297 : LEFT;
    pen.text(others.service.line, x, 827, { size: 6, align: others.service.align, grey: true });
  }
}
