import type { Party, SyntheticContent } from './document.js';
import type { Pen } from './pen.js';
import type { Random } from './random.js';
import type { StrangerIdentity } from './stranger-identity.js';
import type { StrangerParties } from './stranger-parties.js';
import { drawBlock, LEFT, RIGHT, type BlockText } from './stranger-parts.js';
import type { StrangerVariety } from './stranger-variety.js';

/**
 * Seller names and places that real invoices print and the other stranger choices do not draw:
 * names with compound legal forms and ampersands ("Müller & Co. KG", "Schmidt GmbH & Co. KG",
 * "Dupont et Fils SARL", "Baker & Sons Ltd") or with digits and initials ("3D Print Lab", "J.K.
 * Services Ltd"); and where the name stands: "Bill to" and "Ship to" blocks side by side first
 * (`ship-bill`), the title large at the top left with the name small under it or at the right
 * (`title-left`), a sole trader over two right-aligned lines at the top right (`two-lines`), the
 * name in capitals in the footer's first column only, over its street and town, beside columns of
 * bank and contact details (`footer-column`, the DIN 5008 footer), or both parties as labelled
 * pairs, as e-invoice visualisations print them (`labelled`: "Seller name: X", "Verkäufer / Name:
 * X", "Raison sociale : X"). Drawn from a random source of its own (`intake synthetic sellers S
 * i`), with its words, so that every other choice and word of a seed stays what it was; a place
 * is drawn only beside the identities it leaves room for (`BESIDE`), so that every identity is
 * drawn as often as before.
 */
type SellerShape = 'as-drawn' | 'compound' | 'initials';
type SellerPlace = 'as-drawn' | 'ship-bill' | 'title-left' | 'two-lines' | 'footer-column' | 'labelled';

export interface StrangerSellers {
  shape: SellerShape;
  place: SellerPlace;
  /** `title-left`: the name small under the title, or in a small block at the right. */
  small: 'under' | 'right';
  /** `two-lines`: the name's two lines (the owner, and the trade). */
  lines: [string, string];
  /** `ship-bill`: the delivery block's heading and street. */
  shipTo: { heading: string; street: string };
  /** `footer-column`: the bank column's and the contact column's lines. */
  footer: { bank: string[]; contact: string[] };
  /** `labelled`: the labels of the pairs, the seller's section first or the buyer's, and whether a footer repeats the name. */
  pairs: PairLabels & { sellerFirst: boolean; inline: boolean; footer: boolean };
}

interface PairLabels {
  /** The sections' headings ("Seller", "Verkäufer"), or none where each name label names its party. */
  headings?: [string, string];
  /** The name's label of the seller and of the buyer ("Name:", "Seller name:", "Verkäufer / Name:"). */
  names: [string, string];
  street: string;
  town: string;
}

interface Words {
  compound: string[];
  initials: string[];
  pairs: PairLabels[];
  bank: string;
  contact: string;
}

/** `{a}`, `{b}`: surnames of the language; `{i}`, `{j}`: capital letters; `{noun}`: a trade word of the language. */
const WORDS: Record<string, Words> = {
  en: {
    compound: ['{a} & Sons Ltd', '{a} & Co. Ltd', '{a} & {b} LLP', '{a} Brothers & Co.'],
    initials: ['{i}.{j}. Services Ltd', '3D Print Lab', 'A1 {noun} Ltd', '{i}&{j} {noun}'],
    pairs: [
      { names: ['Seller name:', 'Buyer name:'], street: 'Address:', town: 'City:' },
      { headings: ['Seller', 'Buyer'], names: ['Name:', 'Name:'], street: 'Street:', town: 'Town:' },
      {
        headings: ['Supplier', 'Customer'],
        names: ['Company name:', 'Company name:'],
        street: 'Address:',
        town: 'City:',
      },
    ],
    bank: 'Bank details',
    contact: 'Contact',
  },
  de: {
    compound: ['{a} & Co. KG', '{a} GmbH & Co. KG', '{a} & {b} OHG', 'Gebr. {a} GmbH'],
    initials: ['{i}&{j} {noun} GmbH', '3D Druckwerk GmbH', '{i}.{j}. {noun}', 'A1 {noun} GmbH'],
    pairs: [
      { names: ['Verkäufer / Name:', 'Käufer / Name:'], street: 'Straße:', town: 'PLZ / Ort:' },
      { headings: ['Verkäufer', 'Käufer'], names: ['Firmenname:', 'Firmenname:'], street: 'Anschrift:', town: 'Ort:' },
      {
        headings: ['Rechnungssteller', 'Rechnungsempfänger'],
        names: ['Name:', 'Name:'],
        street: 'Straße:',
        town: 'PLZ / Ort:',
      },
    ],
    bank: 'Bankverbindung',
    contact: 'Kontakt',
  },
  fr: {
    compound: ['{a} et Fils SARL', '{a} & Associés SAS', 'Établissements {a} SA', '{a} Frères SARL'],
    initials: ['{i}.{j}. {noun} SARL', '3D Impression SAS', '4 Saisons {noun}', '{i}&{j} {noun} SAS'],
    pairs: [
      {
        headings: ['Vendeur', 'Acheteur'],
        names: ['Raison sociale :', 'Raison sociale :'],
        street: 'Adresse :',
        town: 'Ville :',
      },
      { names: ['Nom du vendeur :', "Nom de l'acheteur :"], street: 'Adresse :', town: 'Ville :' },
      {
        headings: ['Fournisseur', 'Client'],
        names: ['Nom :', 'Nom :'],
        street: 'Adresse :',
        town: 'Code postal et ville :',
      },
    ],
    bank: 'Coordonnées bancaires',
    contact: 'Contact',
  },
  es: {
    compound: ['{a} e Hijos S.L.', '{a} y Cía. S.A.', 'Hermanos {a} S.L.', '{a} & {b} Asociados S.L.'],
    initials: ['{i}&{j} {noun} S.L.', '3D Impresión S.L.', '{i}.{j}. {noun}', 'A1 {noun} S.L.'],
    pairs: [
      {
        headings: ['Vendedor', 'Comprador'],
        names: ['Razón social:', 'Razón social:'],
        street: 'Dirección:',
        town: 'Ciudad:',
      },
      { names: ['Nombre del vendedor:', 'Nombre del comprador:'], street: 'Dirección:', town: 'Localidad:' },
    ],
    bank: 'Datos bancarios',
    contact: 'Contacto',
  },
  nl: {
    compound: ['{a} & Zn. B.V.', 'Gebr. {a} B.V.', '{a} & {b} V.O.F.', '{a} en Zonen B.V.'],
    initials: ['{i}.{j}. {noun} B.V.', '3D Print Studio', 'A1 {noun} B.V.', '{i}&{j} {noun}'],
    pairs: [
      { headings: ['Verkoper', 'Koper'], names: ['Bedrijfsnaam:', 'Bedrijfsnaam:'], street: 'Adres:', town: 'Plaats:' },
      { names: ['Naam verkoper:', 'Naam koper:'], street: 'Adres:', town: 'Postcode en plaats:' },
    ],
    bank: 'Bankgegevens',
    contact: 'Contact',
  },
  it: {
    compound: ['{a} & Figli S.r.l.', 'F.lli {a} S.n.c.', '{a} & {b} S.a.s.', '{a} e Associati S.r.l.'],
    initials: ['{i}.{j}. {noun} S.r.l.', '3D Stampa S.r.l.', 'A1 {noun} S.r.l.', '{i}&{j} {noun}'],
    pairs: [
      {
        headings: ['Cedente/Prestatore', 'Cessionario/Committente'],
        names: ['Denominazione:', 'Denominazione:'],
        street: 'Indirizzo:',
        town: 'Comune:',
      },
      { names: ['Ragione sociale fornitore:', 'Ragione sociale cliente:'], street: 'Indirizzo:', town: 'CAP e città:' },
    ],
    bank: 'Coordinate bancarie',
    contact: 'Contatti',
  },
  pt: {
    compound: ['{a} & Filhos, Lda.', '{a} & Irmãos, Lda.', '{a} & {b}, S.A.', '{a} e Associados, Lda.'],
    initials: ['{i}.{j}. {noun}, Lda.', '3D Impressão, Lda.', 'A1 {noun}, Lda.', '{i}&{j} {noun}'],
    pairs: [
      { headings: ['Fornecedor', 'Cliente'], names: ['Nome:', 'Nome:'], street: 'Morada:', town: 'Localidade:' },
      { names: ['Nome do fornecedor:', 'Nome do cliente:'], street: 'Morada:', town: 'Código postal:' },
    ],
    bank: 'Dados bancários',
    contact: 'Contactos',
  },
  pl: {
    compound: ['{a} i Synowie Sp. z o.o.', 'Bracia {a} Sp. j.', '{a} i {b} Sp. k.', '{a} i Wspólnicy Sp. z o.o.'],
    initials: ['{i}.{j}. {noun} Sp. z o.o.', '3D Druk Sp. z o.o.', 'A1 {noun} Sp. z o.o.', '{i}&{j} {noun}'],
    pairs: [
      { headings: ['Sprzedawca', 'Nabywca'], names: ['Nazwa:', 'Nazwa:'], street: 'Adres:', town: 'Miejscowość:' },
      { names: ['Nazwa sprzedawcy:', 'Nazwa nabywcy:'], street: 'Ulica:', town: 'Kod i miejscowość:' },
    ],
    bank: 'Dane do przelewu',
    contact: 'Kontakt',
  },
};

/** What of the stranger layout a place sets (render-stranger.ts's `StrangerLayout` has these). */
interface Placeable {
  seller: 'bottom' | 'footer' | 'right' | 'logo';
  identity: StrangerIdentity;
  variety: StrangerVariety;
  parties: StrangerParties;
  issuer: { name: 'company' | 'person'; department?: string; owner?: string };
}

const wordsOf = (content: SyntheticContent): Words => WORDS[content.language] ?? WORDS.en!;

const SHAPES: readonly SellerShape[] = ['as-drawn', 'as-drawn', 'compound', 'initials'];
const PLACES: readonly SellerPlace[] = [
  'as-drawn',
  'as-drawn',
  'as-drawn',
  'ship-bill',
  'title-left',
  'two-lines',
  'footer-column',
  'labelled',
];

/** The last word of each owner and contact person of the language: surnames for compound names. */
function surnames(content: SyntheticContent): string[] {
  const v = content.vocabulary;
  return [...new Set([...v.owners, ...v.people].map((p) => p.split(' ').at(-1)!))];
}

/**
 * Draws the name's shape and the place, with every word either needs (all drawn whatever the
 * choice, so that a seed's draws stay aligned), renames the seller where the shape or a sole
 * trader's two lines say so, and sets the layout the place needs.
 */
export function chooseStrangerSellers<L extends Placeable>(
  content: SyntheticContent,
  layout: L,
  random: Random,
): { content: SyntheticContent; layout: L & { sellers: StrangerSellers } } {
  const v = content.vocabulary;
  const words = wordsOf(content);
  const letters = 'ABCDEGHJKLMPRSTW';
  const names = surnames(content);
  const fill = (pattern: string) =>
    pattern
      .replace('{a}', random.pick(names))
      .replace('{b}', random.pick(names))
      .replace('{i}', random.pick([...letters]))
      .replace('{j}', random.pick([...letters]))
      .replace('{noun}', random.pick(v.name_nouns));
  const shape = random.pick(SHAPES);
  const compound = fill(random.pick(words.compound));
  const initials = fill(random.pick(words.initials));
  const drawnPlace = random.pick(PLACES);
  const owner = random.pick(v.owners);
  const trade = random.pick(v.name_nouns);
  const sellers: StrangerSellers = {
    shape,
    place: drawnPlace,
    small: random.chance(0.5) ? 'under' : 'right',
    lines: [owner, trade],
    shipTo: {
      // A delivery heading: not the buyer's own ("Lieferanschrift" heads an order's buyer) nor a billing one.
      heading: random.pick(
        v.ship_to.filter((h) => !/bill|factu|rechnung/i.test(h) && !v.buyer.purchase_order.includes(h)),
      ),
      street: random.pick(v.streets),
    },
    footer: { bank: [words.bank, ...random.pick(v.bank_lines).split(/ {2,}| · /)], contact: [words.contact] },
    pairs: {
      ...random.pick(words.pairs),
      sellerFirst: random.chance(0.5),
      inline: random.chance(0.5),
      footer: random.chance(0.3),
    },
  };
  const house = random.int(2, 98);
  sellers.shipTo.street = v.street_first ? `${sellers.shipTo.street} ${house}` : `${house} ${sellers.shipTo.street}`;
  sellers.footer.contact.push(`${random.pick(v.phone_labels)} ${random.pick(v.phones)}`, random.pick(v.registrations));
  // Labelled pairs are an e-invoice's, and an order on its buyer's letterhead prints its own top.
  // A seller signed for under a closing (stranger-parties.ts) is named there only.
  const fits =
    layout.parties.order !== 'letterhead' &&
    !(layout.identity.place === 'closing' && layout.parties.signedFor) &&
    !(drawnPlace === 'labelled' && content.kind !== 'invoice') &&
    (drawnPlace === 'as-drawn' || BESIDE[drawnPlace].includes(layout.identity.place));
  sellers.place = fits ? drawnPlace : 'as-drawn';
  // A person's business keeps its owner's name (stranger-issuer.ts); a company takes the shape's.
  const company = layout.issuer.name === 'company';
  sellers.shape = company ? shape : 'as-drawn';
  let name = sellers.shape === 'compound' ? compound : sellers.shape === 'initials' ? initials : content.seller.name;
  // A sole trader's two lines: the owner over the trade ("Helen Carter" / "Consulting"), or a
  // person's business cut where its owner's name begins or ends ("Fotografie" / "Anna Weber").
  if (sellers.place === 'two-lines' && company) name = `${owner} ${trade}`;
  if (sellers.place === 'two-lines' && !company) sellers.lines = ownerLines(name, v.owners);
  const renamed = { ...content, seller: { ...content.seller, name } };
  return { content: renamed, layout: placed({ ...layout, sellers }) };
}

/** A person's business over two lines, cut at its owner's name, or after its first word. */
function ownerLines(name: string, owners: readonly string[]): [string, string] {
  const owner = owners.find((o) => name.includes(o) && name !== o);
  const words = name.split(' ');
  if (!owner) return [words[0]!, words.slice(1).join(' ')];
  const rest = name.replace(owner, '').trim();
  return name.startsWith(owner) ? [owner, rest] : [rest, owner];
}

/**
 * The identities each place prints beside: the place draws where the identity does not (the top
 * left and right, the buyer's block, the footer), so that every identity is still drawn as often.
 */
const BESIDE: Record<Exclude<SellerPlace, 'as-drawn'>, readonly StrangerIdentity['place'][]> = {
  'ship-bill': ['usual', 'logo-only', 'closing', 'right-top', 'trading'],
  'title-left': ['usual', 'closing', 'from-block', 'window'],
  'two-lines': ['usual', 'closing', 'from-block', 'window'],
  // The footer's first column only: no other printing of the name.
  'footer-column': ['usual'],
  labelled: ['usual', 'logo-only', 'closing', 'right-top', 'trading'],
};

/** The layout a place needs: no logo word or mark at the top, no seller's block where the footer or the pairs name it. */
function placed<L extends Placeable & { sellers: StrangerSellers }>(layout: L): L {
  const place = layout.sellers.place;
  if (place === 'as-drawn') return layout;
  const variety = { ...layout.variety, letterhead: 'none' as const };
  if (place === 'footer-column' || place === 'labelled') {
    // No block: its owner's and department lines go with it.
    const { department: _department, owner: _owner, ...issuer } = layout.issuer;
    const capitals = place === 'footer-column' || layout.identity.capitals;
    return { ...layout, issuer, seller: 'footer', identity: { ...layout.identity, capitals }, variety };
  }
  return { ...layout, seller: layout.seller === 'logo' ? 'footer' : layout.seller, variety };
}

export function describeStrangerSellers(sellers: StrangerSellers): string {
  return `seller-name=${sellers.shape} seller-place=${sellers.place}`;
}

/**
 * The title large at the top left, where letterheads put the name, and the seller's name small
 * under it (over its address on one line) or in a small block at the right.
 */
export function drawTitleLeft(
  pen: Pen,
  seller: Party,
  name: string,
  title: string,
  size: number,
  small: 'under' | 'right',
): void {
  // As large as fits left of a block at the right.
  const big = Math.min(size + 8, ((size + 8) * 300) / pen.width(title, size + 8, true));
  pen.text(title, LEFT, 30, { size: big, bold: true });
  if (small === 'right')
    return drawBlock(pen, seller, RIGHT, 28, 'right', { name: [name], under: [], nameSize: 9, size: 8 });
  pen.text(name, LEFT, 36 + big, { size: 9 });
  pen.text(seller.lines.join(', '), LEFT, 48 + big, { size: 8 });
}

/** A sole trader's name over two right-aligned lines at the top right, the address small under them. */
export function drawTwoLines(pen: Pen, seller: Party, lines: readonly string[]): void {
  drawBlock(pen, seller, RIGHT, 22, 'right', { name: lines, under: [], nameSize: 12, size: 8 });
}

/** The buyer's block and, beside it, a delivery block ("Ship To") with the buyer's name over another street. */
export function drawShipBill(pen: Pen, buyer: Party, buyerText: BlockText, shipTo: StrangerSellers['shipTo']): void {
  drawBlock(pen, buyer, LEFT, 110, 'left', { ...buyerText, width: 150 });
  const delivery: Party = { name: buyer.name, lines: [shipTo.street, buyer.lines[1]] };
  drawBlock(pen, delivery, LEFT + 165, 110, 'left', { heading: shipTo.heading, under: [], width: 115 });
}

/**
 * Both parties as labelled pairs, the seller's section first or the buyer's: a heading over "Name:"
 * rows or a label that names the party ("Verkäufer / Name:"), the value beside the label in a
 * column of its own or after it on the same line.
 */
export function drawPairs(
  pen: Pen,
  content: SyntheticContent,
  sellerName: string,
  pairs: StrangerSellers['pairs'],
): void {
  const sections = [
    { party: content.seller, name: sellerName, heading: pairs.headings?.[0], label: pairs.names[0] },
    { party: content.buyer, name: content.buyer.name, heading: pairs.headings?.[1], label: pairs.names[1] },
  ];
  if (!pairs.sellerFirst) sections.reverse();
  const labels = [...pairs.names, pairs.street, pairs.town];
  const column = LEFT + Math.max(...labels.map((l) => pen.width(l, 9))) + 10;
  let y = 110;
  for (const section of sections) {
    if (section.heading) {
      pen.text(section.heading, LEFT, y, { size: 9, bold: true });
      y += 14;
    }
    const rows = [
      [section.label, section.name],
      [pairs.street, section.party.lines[0]],
      [pairs.town, section.party.lines[1]],
    ] as const;
    for (const [label, value] of rows) {
      if (pairs.inline) pen.text(`${label} ${value}`, LEFT, y, { size: 9 });
      else {
        pen.text(label, LEFT, y, { size: 9 });
        pen.text(value, column, y, { size: 9 });
      }
      y += 13;
    }
    y += 10;
  }
}

/**
 * The footer in columns, as DIN 5008 letters and the FeRD samples print it: the seller's name in
 * capitals over its street and town in the first, bank details in the second, contact and
 * registration in the third.
 */
export function drawFooterColumns(
  pen: Pen,
  seller: Party,
  name: string,
  sellers: StrangerSellers,
  web: string | undefined,
): void {
  const columns = [[name, ...seller.lines], sellers.footer.bank, [...sellers.footer.contact, ...(web ? [web] : [])]];
  pen.line(LEFT, 764, RIGHT, 764, 0.4);
  columns.forEach((lines, c) =>
    lines.forEach((line, i) => {
      const size = Math.min(7, (7 * 158) / pen.width(line, 7));
      pen.text(line, LEFT + c * 170, 770 + i * 9, { size, bold: c === 0 && i === 0, grey: c > 0 });
    }),
  );
}
