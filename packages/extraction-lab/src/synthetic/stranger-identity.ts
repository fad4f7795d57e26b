import type { Party, SyntheticContent } from './document.js';
import { trackedWidth, type Pen, type Tracking } from './pen.js';
import type { Random } from './random.js';
import { LEFT, RIGHT } from './stranger-parts.js';

/**
 * How the seller names itself, as the default templates of invoicing software print it and the
 * development corpus seldom does: only as a logo-like line without its legal form; only in a
 * sentence at the foot ("Please make cheques payable to X", "Thank you for your business, X"), a
 * bank block ("Account name: X") or over a signature; in a "From" block beside the buyer's; right
 * aligned at the top with the buyer at the left; only in the small sender line over a window
 * envelope's address, the buyer printed first and bigger; as a trading name with its legal name
 * in the footer ("Acme is a trading name of Acme Holdings Ltd"). Drawn after every other choice of
 * the stranger layouts, so that a seed's earlier choices stay what they were.
 */
export interface StrangerIdentity {
  /** `usual`: where the layout's `seller` choice puts it; else one of the identities above. */
  place: 'usual' | 'logo-only' | 'closing' | 'from-block' | 'right-top' | 'window' | 'trading';
  /** The name in capitals wherever it is printed ("HARBOR FOODS LTD"). */
  capitals: boolean;
  /** The name over two lines in its block ("Harbor Office" / "Goods Ltd"). */
  split: boolean;
  /** A VAT or registration line under the name ("VAT Reg. No. GB 294 7312 08", "USt-IdNr.: DE ..."). */
  registration: boolean;
}

const PLACES = ['logo-only', 'closing', 'from-block', 'right-top', 'window', 'trading'] as const;

/**
 * Invoices only: `closing` (an order names its supplier in no payment sentence) and `window` (an
 * order's sender line is the buyer that issues it, and its window shows the supplier).
 */
export function chooseStrangerIdentity(random: Random, kind: 'invoice' | 'purchase_order'): StrangerIdentity {
  const places = kind === 'invoice' ? PLACES : PLACES.filter((p) => p !== 'closing' && p !== 'window');
  return {
    place: random.chance(0.25) ? 'usual' : random.pick(places),
    capitals: random.chance(0.2),
    split: random.chance(0.2),
    registration: random.chance(0.4),
  };
}

export function describeStrangerIdentity(identity: StrangerIdentity): string {
  return `identity=${identity.place} capitals=${identity.capitals} split=${identity.split} registration=${identity.registration}`;
}

/** The seller's name as the identity prints it, with or without its legal form. */
export function printedName(content: SyntheticContent, identity: StrangerIdentity, withForm = true): string {
  const name = withForm ? content.seller.name : withoutForm(content);
  return identity.capitals ? name.toUpperCase() : name;
}

/**
 * The seller's name as the page prints it whole at least once: without its legal form where only
 * a logo line or a trading name's sentence carries it, in capitals where the identity sets them.
 */
export function printedSellerName(content: SyntheticContent, identity: StrangerIdentity): string {
  return printedName(content, identity, identity.place !== 'logo-only' && identity.place !== 'trading');
}

/** The name less a legal form at its end ("Harbor Foods Ltd" -> "Harbor Foods"). */
export function withoutForm(content: SyntheticContent): string {
  const name = content.seller.name;
  const form = [...content.vocabulary.legal_forms]
    .sort((a, b) => b.length - a.length)
    .find((f) => name.endsWith(` ${f}`));
  return form ? name.slice(0, -form.length - 1) : name;
}

/** The lines a block prints the name on: one, or two cut after the first half of its words. */
export function nameLines(name: string, identity: StrangerIdentity): string[] {
  const words = name.split(' ');
  if (!identity.split || words.length < 2) return [name];
  const cut = Math.ceil(words.length / 2);
  return [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
}

/**
 * A logo-like line of the name without its legal form, top left, as large as fits beside the
 * title (at `titleWidth` from the right margin), letter-spaced where `tracking` is given.
 */
export function drawNameLogo(pen: Pen, name: string, titleWidth: number, random: Random, tracking?: Tracking): void {
  const size = random.int(20, 28);
  const room = RIGHT - titleWidth - 24 - LEFT;
  const fitted = Math.min(size, (size * room) / trackedWidth(pen, name, size, true, tracking?.em));
  pen.text(name, LEFT, 36, { size: fitted, bold: true, ...(tracking ? { tracking } : {}) });
}

/**
 * The seller named at the foot only: a payment or thanks sentence, a bank block with the account's
 * holder, or a closing over the name as a signature. Returns whether it took the closing line's place.
 */
export function drawNameAtFoot(pen: Pen, content: SyntheticContent, name: string, random: Random): boolean {
  const v = content.vocabulary;
  const how = random.pick(['sentence', 'bank', 'signature'] as const);
  if (how === 'sentence') {
    pen.text(random.pick(v.seller_sentences).replace('{name}', name), LEFT, 740, { size: 9 });
    return true;
  }
  if (how === 'bank') {
    pen.text(`${random.pick(v.account_holder)} ${name}`, LEFT, 680, { size: 8 });
    pen.text(random.pick(v.bank_lines), LEFT, 691, { size: 8 });
    return false;
  }
  pen.text(random.pick(v.regards), LEFT, 686, { size: 9 });
  pen.text(name, LEFT, 712, { size: 10 });
  return false;
}

/** The window envelope's sender line over the buyer's address: small, underlined, name and address run together. */
export function drawSenderLine(pen: Pen, seller: Party, name: string, top: number): void {
  const text = [name, ...seller.lines].join(' · ');
  const size = Math.min(6.5, (6.5 * 250) / pen.width(text, 6.5));
  pen.text(text, LEFT, top, { size });
  pen.line(LEFT, top + size + 1.5, LEFT + pen.width(text, size), top + size + 1.5, 0.4);
}

/** "Harbor Foods is a trading name of Harbor Holdings Ltd": the trading name and a parent's legal name. */
export function tradingSentence(content: SyntheticContent, trade: string, random: Random): string {
  const v = content.vocabulary;
  const words = withoutForm(content).split(' ');
  // "De Vries Handel" is the De Vries company, not "De".
  const first = words.slice(0, words[0]!.length <= 3 && words.length > 2 ? 2 : 1).join(' ');
  const legal = `${first} ${random.pick(v.holding_words)} ${random.pick(v.legal_forms)}`;
  return random.pick(v.trading_as).replace('{trade}', trade).replace('{legal}', legal);
}
