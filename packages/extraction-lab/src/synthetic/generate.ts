import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { groundTruth, makeContent, printedValues, type SyntheticContent } from './document.js';
import { availableFonts, chooseLayout, describeLayout, type FontChoice } from './layout.js';
import { createRandom, seedOf, type Random } from './random.js';
import { photograph, scan, type Degradation } from './raster.js';
import { renderPdf } from './render-pdf.js';
import { restyle } from './stranger-variety.js';
import { restyleDates } from './stranger-dates.js';
import {
  chooseStrangerLayout,
  describeStrangerLayout,
  renderStrangerPdf,
  strangerTableTop,
  type StrangerLayout,
} from './render-stranger.js';
import { printedSellerName } from './stranger-identity.js';
import { chromiumPath, openHtmlPrinter, recordingPicks, replayingPicks, type HtmlPrinter } from './render-html.js';
import { strangerHtml } from './render-html-page.js';
import { chooseHtmlLook, describeHtmlLook, systemFontFamilies } from './render-html-style.js';
import { readdress } from './stranger-parties.js';
import { chooseStrangerIssuer } from './stranger-issuer.js';
import { chooseStrangerTax } from './stranger-tax.js';
import { chooseStrangerPages } from './stranger-pages.js';
import { chooseStrangerEinvoice, describeStrangerEinvoice, type StrangerEinvoice } from './stranger-einvoice.js';
import { einvoiceHtml, renderEinvoicePdf } from './render-einvoice.js';
import { chooseStrangerSellers } from './stranger-sellers.js';
import { officeFodt, openOfficePrinter, sofficePath, type OfficePrinter } from './render-office.js';
import { chooseOfficeLook, corpusOfficePage, describeOfficeLook, strangerOfficePage } from './render-office-page.js';
import { chooseStrangerOthers } from './stranger-others.js';
import { chooseStrangerWhen, ownDateText } from './stranger-when.js';
import {
  chooseStrangerReceipt,
  describeStrangerReceipt,
  makeReceiptContent,
  printMoneyOf,
} from './stranger-receipt.js';
import { renderStrangerReceipt } from './render-stranger-receipt.js';

/**
 * Synthetic labelled documents: each one's content, layout and (for photos and scans) degradation
 * drawn from a random source seeded by the run's seed and the document's index, so that document
 * i of seed S is the same whatever the count, and written in the corpus format (the file beside its
 * `expected.json`) that the lab's eval reads.
 */
export type SyntheticKind = 'text' | 'photo' | 'scan';

/**
 * `corpus`: layouts shaped like the development corpus's (all three types); `stranger`: invoices and
 * orders on layouts it lacks (render-stranger.ts), drawn from a random source of their own.
 */
export type SyntheticFamily = 'corpus' | 'stranger';

/**
 * Which types the stranger family draws: `any` (a receipt one time in three, decided by a random
 * source of its own, else an invoice or an order exactly as `invoice-or-order` draws it, so that a
 * seed's invoices and orders stay as they were), `receipt` (receipts only) or `invoice-or-order`.
 */
export type StrangerType = 'any' | 'receipt' | 'invoice-or-order';

/**
 * Who writes the text PDF: pdf-lib (one text item per string, standard or embedded fonts),
 * Chromium printing the same document as HTML (stranger documents only; render-html*.ts), or
 * LibreOffice printing it as a word processor's template (invoices and orders; render-office*.ts).
 */
export type SyntheticProducer = 'pdf-lib' | 'chromium' | 'libreoffice';

/** Chromium's printer and the font families its pages draw from. */
export interface ChromiumProducer {
  printer: HtmlPrinter;
  families: readonly string[];
}

export interface SyntheticDocument {
  /** File name without folder: `synth-<seed>-<index>.pdf` or `.jpg`. */
  name: string;
  bytes: Uint8Array;
  expected: SyntheticExpected;
}

/** The corpus format's expected.json, with what the generator drew under `synthetic`. */
export interface SyntheticExpected {
  document_type: SyntheticContent['kind'];
  kind: 'pdf_text' | 'image' | 'scan';
  source: string;
  fields: Record<string, unknown>;
  notes: string[];
  synthetic: {
    seed: number;
    index: number;
    language: string;
    layout: string;
    numbers: string;
    dates: string;
    currency: string;
    /** Each scalar field as printed on the page. */
    printed: Record<string, string>;
    degradation?: Degradation;
  };
}

const CORPUS_KIND = { text: 'pdf_text', photo: 'image', scan: 'scan' } as const;

/** How a document is printed beside its seed: who prints it, and which of the stranger family's traits it may draw. */
export interface GenerateOptions {
  /** Chromium printing the stranger family's pages as HTML (`--producer chromium`). */
  chromium?: ChromiumProducer;
  /** LibreOffice printing a word processor's template (`--producer libreoffice`). */
  office?: OfficePrinter;
  /** Stranger family: which documents are receipts (`--type`). */
  type?: StrangerType;
  /** Stranger family: invoices printed as e-invoice views, four in ten (stranger-einvoice.ts). */
  einvoice?: boolean;
  /** Stranger family, pdf-lib only: organizations other than the parties (stranger-others.ts). */
  others?: boolean;
  /** Stranger family: a long table over several pages (stranger-pages.ts); true unless told false. */
  pages?: boolean;
}

interface Printed {
  pdf: Uint8Array;
  content: SyntheticContent;
  layoutText: string;
  printedName?: string;
  printedDate?: string;
}

export async function generateDocument(
  seed: number,
  index: number,
  kind: SyntheticKind,
  fonts: readonly FontChoice[] = availableFonts(),
  family: SyntheticFamily = 'corpus',
  options: GenerateOptions = {},
): Promise<SyntheticDocument> {
  const { chromium, office } = options;
  const stranger = family === 'stranger';
  if (stranger && strangerReceiptAt(seed, index, options.type ?? 'invoice-or-order')) {
    if (chromium) throw new Error('--producer chromium prints invoices and orders only (--type invoice-or-order)');
    if (office) throw new Error('--producer libreoffice prints invoices and orders only (--type invoice-or-order)');
    return generateStrangerReceipt(seed, index, kind, fonts);
  }
  const random = createRandom(seedOf(`intake synthetic ${stranger ? 'stranger ' : ''}${seed} ${index}`));
  const printed = stranger
    ? await printStranger(random, fonts, [seed, index], kind, options)
    : await printCorpus(random, fonts, [seed, index], office);
  const picture =
    kind === 'photo'
      ? await photograph(printed.pdf, random)
      : kind === 'scan'
        ? await scan(printed.pdf, random)
        : undefined;
  const by = chromium ? 'chromium' : office ? 'office' : undefined;
  const stem = `${stranger ? (by ?? 'stranger') : by ? `${by}-synth` : 'synth'}-${seed}-${String(index).padStart(4, '0')}`;
  return {
    name: `${stem}${kind === 'photo' ? '.jpg' : '.pdf'}`,
    bytes: picture?.bytes ?? printed.pdf,
    expected: expectedOf(printed.content, printed.layoutText, {
      seed,
      index,
      kind,
      ...(picture ? { degradation: picture.steps } : {}),
      ...(printed.printedName ? { printedName: printed.printedName } : {}),
      ...(printed.printedDate ? { printedDate: printed.printedDate } : {}),
    }),
  };
}

/** A stranger invoice or order, drawn and printed by pdf-lib, Chromium, LibreOffice or as an e-invoice view. */
async function printStranger(
  random: Random,
  fonts: readonly FontChoice[],
  [seed, index]: [number, number],
  kind: SyntheticKind,
  options: GenerateOptions,
): Promise<Printed> {
  const { chromium, office } = options;
  // Chromium's and LibreOffice's pages print none of the other organizations: the trait is pdf-lib's only.
  const drawn = drawStranger(random, fonts, seed, index, {
    others: (options.others ?? false) && !chromium && !office,
    paged: (options.pages ?? true) && kind !== 'photo',
  });
  const layout = drawn.layout;
  const layoutText = describeStrangerLayout(layout);
  // An invoice printed as an e-invoice's visualisation: a random source of its own decides.
  const einvoiced = options.einvoice ? chooseStrangerEinvoice(drawn.issued, seed, index) : undefined;
  if (einvoiced)
    return {
      content: einvoiced.content,
      ...(await printEinvoice(einvoiced.einvoice, layout.font, layoutText, [seed, index], chromium)),
    };
  const content = drawn.content;
  const own = {
    printedName: printedSellerName(content, layout.identity),
    printedDate: ownDateText(content, layout.when),
  };
  if (chromium) {
    // The twin is drawn (and dropped) for its words: the HTML prints the same title, labels and
    // headings; its look, and any draw the twin did not make, come from a random source of its own.
    const twin = recordingPicks(random);
    await renderStrangerPdf(content, layout, twin.random);
    const html = createRandom(seedOf(`intake synthetic html ${seed} ${index}`));
    const look = chooseHtmlLook(html, chromium.families);
    const pdf = await chromium.printer.print(strangerHtml(content, layout, look, replayingPicks(html, twin.picks)));
    return { pdf, content, layoutText: `${layoutText} ${describeHtmlLook(look)}`, ...definedOf(own) };
  }
  if (office) {
    // As for Chromium: the twin's words, the template's look from a random source of its own.
    const twin = recordingPicks(random);
    await renderStrangerPdf(content, layout, twin.random);
    const template = createRandom(seedOf(`intake synthetic office ${seed} ${index}`));
    const look = chooseOfficeLook(template);
    const page = strangerOfficePage(content, layout, replayingPicks(template, twin.picks));
    const pdf = await office.print(officeFodt(page, look));
    // The template prints the document's date in its own row, in the document's date style: not
    // where or as the own date's choices say (stranger-when.ts).
    const printedName = own.printedName;
    return {
      pdf,
      content,
      layoutText: `${layoutText} ${describeOfficeLook(look)}`,
      ...(printedName ? { printedName } : {}),
    };
  }
  return { pdf: await renderStrangerPdf(content, layout, random), content, layoutText, ...definedOf(own) };
}

/** A document of the corpus's layouts, printed by pdf-lib or LibreOffice. */
async function printCorpus(
  random: Random,
  fonts: readonly FontChoice[],
  [seed, index]: [number, number],
  office: OfficePrinter | undefined,
): Promise<Printed> {
  const content = makeContent(random);
  const layout = chooseLayout(random, content.kind, fonts);
  const layoutText = describeLayout(layout);
  if (!office) return { pdf: await renderPdf(content, layout, random), content, layoutText };
  const twin = recordingPicks(random);
  await renderPdf(content, layout, twin.random);
  const template = createRandom(seedOf(`intake synthetic office ${seed} ${index}`));
  const look = chooseOfficeLook(template);
  const pdf = await office.print(officeFodt(corpusOfficePage(content, replayingPicks(template, twin.picks)), look));
  return { pdf, content, layoutText: `${layoutText} ${describeOfficeLook(look)}` };
}

/** The members whose value is defined (exactOptionalPropertyTypes). */
function definedOf<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A stranger invoice's or order's content and layout, every choice drawn: the tax's shape and the
 * seller's name and place, the own date's place and form, and the other organizations (when
 * `others`) each from a random source of their own, so that every other draw of the seed stays as
 * it was. `issued` is the content before the tax's, the seller's, the date's and the others' choices.
 * `paged`: whether a long table may flow over several pages (stranger-pages.ts; photos stay one page).
 */
function drawStranger(
  random: ReturnType<typeof createRandom>,
  fonts: readonly FontChoice[],
  seed: number,
  index: number,
  options: { others: boolean; paged: boolean },
): { content: SyntheticContent; layout: StrangerLayout; issued: SyntheticContent } {
  let content = makeContent(random, { kind: random.pick(['invoice', 'purchase_order'] as const) });
  const chosen = chooseStrangerLayout(random, fonts, content.kind === 'purchase_order' ? 'purchase_order' : 'invoice');
  content = readdress(restyleDates(restyle(content, chosen.variety, random), chosen.dates), chosen.parties, random);
  const issued = chooseStrangerIssuer(content, random);
  // The pages, the tax's shape and the seller's name each have a random source of their own:
  // every other draw of the seed stays as it was. More rows come before the tax is drawn on them.
  const pages = options.paged
    ? chooseStrangerPages(
        issued.content,
        createRandom(seedOf(`intake synthetic pages ${seed} ${index}`)),
        // The table's top as drawn (a seller's place may drop the department line: never lower).
        strangerTableTop({ ...chosen, issuer: issued.issuer }),
      )
    : undefined;
  const taxed = chooseStrangerTax(
    pages?.content ?? issued.content,
    createRandom(seedOf(`intake synthetic tax ${seed} ${index}`)),
    chosen.totals === 'bare',
  );
  // So have the seller's name and place (stranger-sellers.ts).
  const sellers = chooseStrangerSellers(
    taxed.content,
    { ...chosen, issuer: issued.issuer, tax: taxed.tax, ...(pages ? { pages: pages.pages } : {}) },
    createRandom(seedOf(`intake synthetic sellers ${seed} ${index}`)),
  );
  // And where and how the document's own date is printed (stranger-when.ts).
  const when = chooseStrangerWhen(
    sellers.content,
    sellers.layout,
    createRandom(seedOf(`intake synthetic when ${seed} ${index}`)),
  );
  if (!options.others) return { content: when.content, layout: when.layout, issued: issued.content };
  // So have the other organizations (stranger-others.ts).
  const withOthers = chooseStrangerOthers(
    when.content,
    when.layout,
    createRandom(seedOf(`intake synthetic others ${seed} ${index}`)),
  );
  return { content: withOthers.content, layout: withOthers.layout, issued: issued.content };
}

/**
 * An invoice printed as an e-invoice's view, by pdf-lib or Chromium (its look from the same random
 * source as a Chromium stranger page's), and its layout note: the view's choices and the font.
 */
async function printEinvoice(
  einvoice: StrangerEinvoice,
  font: FontChoice,
  strangerNote: string,
  [seed, index]: [number, number],
  chromium?: ChromiumProducer,
): Promise<{ pdf: Uint8Array; layoutText: string }> {
  const layoutText = `family=stranger ${describeStrangerEinvoice(einvoice)} font=${strangerNote.replace(/^.* font=/, '')}`;
  if (!chromium) return { pdf: await renderEinvoicePdf(einvoice.page, font), layoutText };
  const look = chooseHtmlLook(createRandom(seedOf(`intake synthetic html ${seed} ${index}`)), chromium.families);
  const pdf = await chromium.printer.print(einvoiceHtml(einvoice.page, look.font, look.size));
  return { pdf, layoutText: `${layoutText} ${describeHtmlLook(look)}` };
}

/** Whether stranger document `index` of `seed` is a receipt. */
export function strangerReceiptAt(seed: number, index: number, type: StrangerType): boolean {
  if (type !== 'any') return type === 'receipt';
  return createRandom(seedOf(`intake synthetic stranger type ${seed} ${index}`)).chance(1 / 3);
}

async function generateStrangerReceipt(
  seed: number,
  index: number,
  kind: SyntheticKind,
  fonts: readonly FontChoice[],
): Promise<SyntheticDocument> {
  const random = createRandom(seedOf(`intake synthetic stranger receipt ${seed} ${index}`));
  const chosen = chooseStrangerReceipt(random, fonts);
  const { content, extras } = makeReceiptContent(chosen, random);
  const pdf = await renderStrangerReceipt(content, chosen, extras, random);
  const picture =
    kind === 'photo' ? await photograph(pdf, random) : kind === 'scan' ? await scan(pdf, random) : undefined;
  const expected = expectedOf(content, describeStrangerReceipt(chosen), {
    seed,
    index,
    kind,
    ...(picture ? { degradation: picture.steps } : {}),
  });
  const total = printMoneyOf(content.total, extras.words, chosen.currency !== 'none');
  expected.synthetic.language = chosen.locale;
  expected.synthetic.dates = chosen.date.replace(/\s+/g, '_');
  expected.synthetic.currency = `${extras.words.currency.symbol} ${chosen.currency}`;
  expected.synthetic.printed = {
    ...expected.synthetic.printed,
    merchant_name: extras.printedName,
    transaction_date: extras.dateText,
    total_amount: total,
  };
  expected.notes = [
    `synthetic document (intake extraction lab), locale ${chosen.locale}; layout ${expected.synthetic.layout}`,
  ];
  const stem = `stranger-${seed}-${String(index).padStart(4, '0')}`;
  return { name: `${stem}${kind === 'photo' ? '.jpg' : '.pdf'}`, bytes: picture?.bytes ?? pdf, expected };
}

function expectedOf(
  content: SyntheticContent,
  layoutText: string,
  run: {
    seed: number;
    index: number;
    kind: SyntheticKind;
    degradation?: Degradation;
    printedName?: string;
    printedDate?: string;
  },
): SyntheticExpected {
  const printed = printedValues(content);
  // The seller's name as printed, where the layout prints it otherwise than the ground truth's.
  const nameField = content.kind === 'purchase_order' ? 'supplier_name' : 'vendor_name';
  if (run.printedName && nameField in printed) printed[nameField] = run.printedName;
  // And the document's date, where it is printed with its weekday or a two-digit year.
  const dateField = content.kind === 'purchase_order' ? 'order_date' : 'invoice_date';
  if (run.printedDate && dateField in printed) printed[dateField] = run.printedDate;
  const currency = `${content.style.currency.useCode ? content.style.currency.code : content.style.currency.symbol} ${content.style.currency.before ? 'before' : 'after'}`;
  return {
    document_type: content.kind,
    kind: CORPUS_KIND[run.kind],
    // One source per document: the eval's folds then group synthetic documents by their seller.
    source: `intake-synthetic:${layoutText.startsWith('family=stranger') ? 'stranger-' : ''}seed-${run.seed}/${run.index}`,
    fields: groundTruth(content),
    notes: [`synthetic document (intake extraction lab), language ${content.language}; layout ${layoutText}`],
    synthetic: {
      seed: run.seed,
      index: run.index,
      language: content.language,
      layout: layoutText,
      numbers: content.style.numbers,
      dates: content.style.dates,
      currency,
      printed,
      ...(run.degradation ? { degradation: run.degradation } : {}),
    },
  };
}

/** Writes `count` documents of `kind` into `out`; returns their file names. */
export async function writeSyntheticCorpus(options: {
  out: string;
  count: number;
  seed: number;
  kind: SyntheticKind;
  family?: SyntheticFamily;
  producer?: SyntheticProducer;
  /** Stranger family only; `any` by default, `invoice-or-order` with Chromium. */
  type?: StrangerType;
  /**
   * Stranger family only: four invoices in ten printed as an e-invoice's viewer prints them
   * (stranger-einvoice.ts). `synth` asks for them unless told `--no-einvoice`; the synthetic
   * training set does not, so that it stays the set the ranker was measured with.
   */
  einvoice?: boolean;
  /**
   * Stranger family, pdf-lib only: organizations other than the parties (stranger-others.ts).
   * `synth` asks for them unless told `--no-others`; the synthetic training set does not.
   */
  others?: boolean;
  /**
   * Stranger family only: a long table over two or three pages (stranger-pages.ts), unless false
   * (the synthetic training set, so that it stays the set the ranker was measured with).
   */
  pages?: boolean;
}): Promise<string[]> {
  const chromium = options.producer === 'chromium';
  const libreoffice = options.producer === 'libreoffice';
  if (chromium && (options.family !== 'stranger' || options.kind !== 'text'))
    throw new Error('--producer chromium writes text PDFs of the stranger family only (--family stranger --kind text)');
  if (chromium && !chromiumPath()) throw new Error("--producer chromium needs Chromium: install Debian's chromium");
  if (libreoffice && options.kind !== 'text')
    throw new Error('--producer libreoffice writes text PDFs only (--kind text)');
  if (libreoffice && !sofficePath())
    throw new Error("--producer libreoffice needs LibreOffice's soffice: install Debian's libreoffice-writer-nogui");
  const type = options.type ?? (chromium || libreoffice ? 'invoice-or-order' : 'any');
  mkdirSync(options.out, { recursive: true });
  const fonts = availableFonts();
  const producer = chromium ? { printer: await openHtmlPrinter(), families: systemFontFamilies() } : undefined;
  const office = libreoffice ? openOfficePrinter() : undefined;
  const names: string[] = [];
  const write = (doc: SyntheticDocument) => {
    writeFileSync(path.join(options.out, doc.name), doc.bytes);
    const stem = doc.name.replace(/\.\w+$/, '');
    writeFileSync(path.join(options.out, `${stem}.expected.json`), `${JSON.stringify(doc.expected, null, 2)}\n`);
    names.push(doc.name);
  };
  const one = (i: number) =>
    generateDocument(options.seed, i, options.kind, fonts, options.family, {
      ...(producer ? { chromium: producer } : {}),
      ...(office ? { office } : {}),
      type,
      // LibreOffice prints no e-invoice views.
      einvoice: !libreoffice && (options.einvoice ?? false),
      others: options.others ?? false,
      pages: options.pages ?? true,
    });
  try {
    // LibreOffice converts a batch per start: its documents are drawn side by side, 40 at a time.
    const step = office ? 40 : 1;
    for (let from = 0; from < options.count; from += step) {
      const batch = Array.from({ length: Math.min(step, options.count - from) }, (_, k) => one(from + k));
      for (const doc of await Promise.all(batch)) write(doc);
    }
  } finally {
    await producer?.printer.close();
    await office?.close();
  }
  return names;
}
