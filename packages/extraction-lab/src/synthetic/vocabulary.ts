import { readFileSync } from 'node:fs';

/**
 * A language's words for the generator: titles, field labels, column headers, items and the parts
 * of company names and addresses. One JSON file per language in vocabulary/, so that a language is
 * added as data.
 */
export type DocumentKind = 'invoice' | 'receipt' | 'purchase_order';

export interface Vocabulary {
  language: string;
  titles: Record<DocumentKind, string[]>;
  number: Record<DocumentKind, string[]>;
  date: Record<DocumentKind, string[]>;
  due: string[];
  delivery: string[];
  seller: Record<'invoice' | 'purchase_order', string[]>;
  buyer: Record<'invoice' | 'purchase_order', string[]>;
  columns: Record<'description' | 'quantity' | 'unit_price' | 'amount', string[]>;
  subtotal: string[];
  tax: string[];
  total: string[];
  payment: { label: string[]; methods: string[] };
  closing: string[];
  months: string[];
  items: string[];
  streets: string[];
  cities: string[];
  /** Whether the house number follows the street name (Hauptstraße 5) rather than leads it (5 High Street). */
  street_first: boolean;
  legal_forms: string[];
  name_words: string[];
  name_nouns: string[];
  /** Seller headings the corpus seldom prints ("Bill From", "Lieferant"), for the stranger layouts. */
  seller_more: string[];
  /** Top-level domains of the seller's website and e-mail address. */
  web_domains: string[];
  /** Words before a contact person in the buyer's block ("Attn:", "z. Hd.", "T.a.v."), for the stranger layouts. */
  contact_labels: string[];
  /** Contact persons, with or without a title ("Herr Jonas Keller", "Mme Claire Dubois"). */
  people: string[];
  /** Labels of a telephone or fax number ("Tel.:", "Fax:") and numbers as the language prints them. */
  phone_labels: string[];
  phones: string[];
  /** Buyer headings the corpus seldom prints ("Sold To", "Auftraggeber", "Adressé à"), for the stranger layouts. */
  buyer_more: Record<'invoice' | 'purchase_order', string[]>;
  /** Due and delivery date labels the corpus seldom prints ("Payable by", "Required By", "Zahlungsziel"). */
  due_more: string[];
  delivery_more: string[];
  /** How the document's own date is printed besides a labelled row, for the stranger layouts (stranger-when.ts). */
  when: WhenWords;
  /** The word between a title and the number it carries ("INVOICE No. 4711", "RECHNUNG Nr. 4711"). */
  number_short: string[];
  /** Labels of the seller's contact person under its block ("Your contact:", "Ansprechpartner:"). */
  person_labels: string[];
  /**
   * How the seller names itself where no block does, for the stranger layouts' identities: sentences
   * with `{name}` ("Please make cheques payable to {name}"), bank-block labels before the name
   * ("Account name:"), closings over a signature, a trading name's sentence with `{trade}` and
   * `{legal}`, words of a parent company's name ("Holdings"), registration lines under a name
   * ("VAT Reg. No. GB 294 7312 08") and bank lines.
   */
  seller_sentences: string[];
  account_holder: string[];
  regards: string[];
  trading_as: string[];
  holding_words: string[];
  registrations: string[];
  bank_lines: string[];
  /**
   * Who is which party, for the stranger layouts: street lines with a unit or building number
   * (`{n}`, `{house}`, `{street}`: "Unit 4, 17 Mill Lane"), post-office boxes (`{box}`), order-number
   * labels the corpus seldom prints ("PO #", "Pedido n.º"), delivery headings over an order's buyer
   * ("Ship To", "Lieferanschrift") and a company under a signature (`{name}`: "for Harbor Foods Ltd").
   */
  unit_lines: string[];
  po_boxes: string[];
  po_number_more: string[];
  ship_to: string[];
  signed_for: string[];
  /**
   * Who issues, for the stranger layouts' issuer choices (stranger-issuer.ts): owners' names, a sole
   * trader's or practice's name made of one (`{owner}`, `{last}`: "Fotografie {owner}",
   * "Schreinerei {last}"), department lines under a seller's name, and a footer's legal line's
   * managing person (`{owner}`: "Geschäftsführer: {owner}") and register entry; an owner's line
   * under a sole trader's name (`{owner}`: "Inh. {owner}", "Proprietor: {owner}").
   */
  owners: string[];
  sole_traders: string[];
  owner_lines: string[];
  /** Words after a company's name in its footer legal line (`{place}`: its town): "mit Sitz in {place}". */
  seats: string[];
  departments: string[];
  legal_people: string[];
  legal_registers: string[];
  /**
   * Organizations other than the two parties, for the stranger layouts' others (stranger-others.ts):
   * invented banks with a label and an account line, invoicing or payment services, carriers,
   * parent companies or franchisors, insurers (each with lines that name one as `{name}`; `{n}` a
   * tracking number), and item descriptions that name a manufacturer's brand.
   */
  others: OtherOrganizations;
  /**
   * A table run over several pages (stranger-pages.ts): the running sum's label at a page's foot
   * ("Carried forward", "Übertrag", "À reporter", "Suma y sigue") and at the next page's head
   * ("Brought forward", "Report", "Van vorige pagina"), `{page}` the page it sums; the page count
   * (`{i}`, `{n}`: "Seite {i} von {n}").
   */
  carried_forward: string[];
  brought_forward: string[];
  page_of: string[];
  /**
   * Text printed turned (stranger-turned.ts): a stamp or watermark word across the body ("COPY",
   * "BEZAHLT", "DUPLICATA"), and a form's or printer's code up the margin ("Vordruck Nr. 17-B").
   */
  turned_marks: string[];
  form_codes: string[];
}

export interface OtherOrganizations {
  banks: string[];
  bank_labels: string[];
  ibans: string[];
  services: string[];
  service_lines: string[];
  carriers: string[];
  carrier_lines: string[];
  partners: string[];
  partner_lines: string[];
  insurers: string[];
  insurer_lines: string[];
  brands: string[];
}

/**
 * A date in the title (`{head}`: the title and its number; `{date}`), a dateline under the place
 * (`{place}`), one label for the date and the tax point or date of issue, weekday names (Monday
 * first) and how a weekday stands before a date (`{weekday}`, `{wd}`), payment terms' labels and
 * texts (`{days}`), and for English the day-first and month-first countries' money and places.
 */
export interface WhenWords {
  title_dates: string[];
  datelines: string[];
  paired_labels: Record<'invoice' | 'purchase_order', string[]>;
  weekdays: string[];
  weekdays_short: string[];
  weekday_forms: string[];
  terms_labels: string[];
  terms: string[];
  regions?: WhenRegion[];
}

export interface WhenRegion {
  name: string;
  code: string;
  symbol: string;
  /** Whether the country prints 03/08/2024 for 3 August. */
  dayFirst: boolean;
  places: string[];
  registration: string;
}

/** The languages of the generator's own families, drawn by default. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;

/**
 * Languages the development corpus does not print at all, drawn by the stranger family besides
 * the families' own, so that a probe finds what the lexicons lack.
 */
export const STRANGER_LANGUAGES = ['it', 'pt', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number] | (typeof STRANGER_LANGUAGES)[number];

const cache = new Map<string, Vocabulary>();

export function vocabularyOf(language: Language): Vocabulary {
  let found = cache.get(language);
  if (!found) {
    found = JSON.parse(readFileSync(new URL(`vocabulary/${language}.json`, import.meta.url), 'utf8')) as Vocabulary;
    cache.set(language, found);
  }
  return found;
}
