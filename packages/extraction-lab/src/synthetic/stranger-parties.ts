import type { Party, SyntheticContent } from './document.js';
import type { Pen } from './pen.js';
import type { Random } from './random.js';
import { drawBlock, LEFT, RIGHT, type BlockText } from './stranger-parts.js';

/**
 * Which party is which, where the page makes it hard: street lines with a second number ("Unit 4,
 * 17 Mill Lane", "Hauptstraße 12, Haus 3") or a post-office box ("PO Box 4411", "Postfach 4411"),
 * numbers that are no document's; purchase orders as buyers print them, their own letterhead on top
 * with the supplier under a "Vendor" / "Lieferant" / "Fournisseur" heading and the buyer again under
 * "Ship To"; order-number labels the corpus seldom prints ("PO #", "Bestellnummer", "Pedido n.º");
 * and a seller named at the foot only after "for" under a signature ("Yours faithfully, / Tom
 * Becker / for Harbor Foods Ltd"). Drawn after every other choice of the stranger layouts, so that
 * a seed's earlier choices stay what they were.
 */
export interface StrangerParties {
  /** Both parties' street lines as drawn, with a unit or building number, or as a post-office box. */
  address: 'plain' | 'unit' | 'box';
  /** Orders only: the buyer's letterhead on top, the supplier in a block under a supplier heading. */
  order: 'usual' | 'letterhead';
  /** Orders only: the number's label from the usual words, or from `po_number_more`. */
  orderNumber: 'usual' | 'more';
  /** Invoices only: where the identity names the seller at the foot, "for X" under a signature. */
  signedFor: boolean;
}

export function chooseStrangerParties(random: Random, kind: 'invoice' | 'purchase_order'): StrangerParties {
  // Every draw is made whatever the kind, so that a seed's draws stay aligned across kinds.
  const address = random.chance(0.4) ? random.pick(['unit', 'box'] as const) : 'plain';
  const letterhead = random.chance(0.5);
  const more = random.chance(0.5);
  const signedFor = random.chance(0.5);
  const order = kind === 'purchase_order';
  return {
    address,
    order: order && letterhead ? 'letterhead' : 'usual',
    orderNumber: order && more ? 'more' : 'usual',
    signedFor: !order && signedFor,
  };
}

export function describeStrangerParties(p: StrangerParties): string {
  return `address=${p.address} order=${p.order} order-number=${p.orderNumber} signed-for=${p.signedFor}`;
}

/**
 * The content with both parties' street lines in the chosen form: the ground truth's address is the
 * lines as printed, so it follows. A unit's number and a box's are drawn to look like document
 * numbers (1 to 4 digits).
 */
export function readdress(content: SyntheticContent, parties: StrangerParties, random: Random): SyntheticContent {
  if (parties.address === 'plain') return content;
  const v = content.vocabulary;
  const street = (party: Party): Party => {
    const [line, place] = party.lines;
    const house = /\d+/.exec(line)?.[0] ?? '1';
    const name = line.replace(house, '').trim();
    const text =
      parties.address === 'box'
        ? random.pick(v.po_boxes).replace('{box}', String(random.int(100, 9999)))
        : random
            .pick(v.unit_lines)
            .replace('{n}', String(random.int(2, 48)))
            .replace('{house}', house)
            .replace('{street}', name);
    return { ...party, lines: [text, place] };
  };
  return { ...content, seller: street(content.seller), buyer: street(content.buyer) };
}

/** The order's number label: the language's usual words, or one of `po_number_more`. */
export function orderNumberLabels(content: SyntheticContent, parties: StrangerParties): readonly string[] {
  return parties.orderNumber === 'more' ? content.vocabulary.po_number_more : content.vocabulary.number[content.kind];
}

/** The buyer's letterhead: its name in bold top left, its address in a small line under it. */
export function drawBuyerLetterhead(pen: Pen, buyer: Party): void {
  pen.text(buyer.name, LEFT, 30, { size: 15, bold: true });
  pen.text(buyer.lines.join(' · '), LEFT, 50, { size: 8, grey: true });
}

/**
 * An order's parties under the buyer's letterhead: the supplier's block at the left under a
 * supplier heading ("Vendor", "Lieferant", "Fournisseur", "Proveedor", "Leverancier"), the buyer's
 * name and address again under a delivery heading ("Ship To", "Lieferanschrift") at the right,
 * under the labelled values' column (or beside the supplier where the values are a strip).
 */
export function drawOrderParties(
  pen: Pen,
  content: SyntheticContent,
  random: Random,
  blocks: { supplier: BlockText; buyer: BlockText; strip: boolean },
): void {
  const v = content.vocabulary;
  const heading = random.pick([...v.seller.purchase_order, ...v.seller_more]);
  drawBlock(pen, content.seller, LEFT, 110, 'left', { ...blocks.supplier, heading, width: 250 });
  const shipTo = random.pick(v.ship_to);
  const top = blocks.strip ? 110 : 185;
  drawBlock(pen, content.buyer, 340, top, 'left', { ...blocks.buyer, heading: shipTo, width: RIGHT - 340 });
}

/** The closing as a signature for a company: the closing words, a person, "for Harbor Foods Ltd". */
export function drawSignedFor(pen: Pen, content: SyntheticContent, name: string, random: Random): void {
  const v = content.vocabulary;
  pen.text(random.pick(v.regards), LEFT, 676, { size: 9 });
  pen.text(random.pick(v.people), LEFT, 700, { size: 10 });
  pen.text(random.pick(v.signed_for).replace('{name}', name), LEFT, 713, { size: 9 });
}
