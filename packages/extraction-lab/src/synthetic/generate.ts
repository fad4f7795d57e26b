import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { groundTruth, makeContent, printedValues, type SyntheticContent } from './document.js';
import { availableFonts, chooseLayout, describeLayout, type FontChoice } from './layout.js';
import { createRandom, seedOf } from './random.js';
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
 * Who writes the text PDF: pdf-lib (one text item per string, standard or embedded fonts), or
 * Chromium printing the same document as HTML (stranger documents only; render-html*.ts).
 */
export type SyntheticProducer = 'pdf-lib' | 'chromium';

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

export async function generateDocument(
  seed: number,
  index: number,
  kind: SyntheticKind,
  fonts: readonly FontChoice[] = availableFonts(),
  family: SyntheticFamily = 'corpus',
  chromium?: ChromiumProducer,
  type: StrangerType = 'invoice-or-order',
  einvoice = false,
  /** Whether a stranger document's table may flow over several pages (stranger-pages.ts); false draws none. */
  pages = true,
): Promise<SyntheticDocument> {
  const stranger = family === 'stranger';
  if (stranger && strangerReceiptAt(seed, index, type)) {
    if (chromium) throw new Error('--producer chromium prints invoices and orders only (--type invoice-or-order)');
    return generateStrangerReceipt(seed, index, kind, fonts);
  }
  const random = createRandom(seedOf(`intake synthetic ${stranger ? 'stranger ' : ''}${seed} ${index}`));
  let pdf: Uint8Array;
  let content: SyntheticContent;
  let layoutText: string;
  let printedName: string | undefined;
  if (stranger) {
    const drawn = drawStranger(random, fonts, seed, index, pages && kind !== 'photo');
    content = drawn.content;
    const layout = drawn.layout;
    layoutText = describeStrangerLayout(layout);
    // An invoice printed as an e-invoice's visualisation: a random source of its own decides.
    const einvoiced = einvoice ? chooseStrangerEinvoice(drawn.issued, seed, index) : undefined;
    if (einvoiced) {
      content = einvoiced.content;
      ({ pdf, layoutText } = await printEinvoice(einvoiced.einvoice, layout.font, layoutText, [seed, index], chromium));
    } else if (chromium) {
      // The twin is drawn (and dropped) for its words: the HTML prints the same title, labels and
      // headings; its look, and any draw the twin did not make, come from a random source of its own.
      const twin = recordingPicks(random);
      await renderStrangerPdf(content, layout, twin.random);
      const own = createRandom(seedOf(`intake synthetic html ${seed} ${index}`));
      const look = chooseHtmlLook(own, chromium.families);
      pdf = await chromium.printer.print(strangerHtml(content, layout, look, replayingPicks(own, twin.picks)));
      layoutText = `${layoutText} ${describeHtmlLook(look)}`;
    } else pdf = await renderStrangerPdf(content, layout, random);
    if (!einvoiced) printedName = printedSellerName(content, layout.identity);
  } else {
    content = makeContent(random);
    const layout = chooseLayout(random, content.kind, fonts);
    pdf = await renderPdf(content, layout, random);
    layoutText = describeLayout(layout);
  }
  const picture =
    kind === 'photo' ? await photograph(pdf, random) : kind === 'scan' ? await scan(pdf, random) : undefined;
  const stem = `${stranger ? (chromium ? 'chromium' : 'stranger') : 'synth'}-${seed}-${String(index).padStart(4, '0')}`;
  return {
    name: `${stem}${kind === 'photo' ? '.jpg' : '.pdf'}`,
    bytes: picture?.bytes ?? pdf,
    expected: expectedOf(content, layoutText, {
      seed,
      index,
      kind,
      ...(picture ? { degradation: picture.steps } : {}),
      ...(printedName ? { printedName } : {}),
    }),
  };
}

/**
 * A stranger invoice's or order's content and layout, every choice drawn: the tax's shape and the
 * seller's name and place each from a random source of their own, so that every other draw of the
 * seed stays as it was. `issued` is the content before the tax's and the seller's choices. `paged`:
 * whether a long table may flow over several pages (stranger-pages.ts; photos stay one page).
 */
function drawStranger(
  random: ReturnType<typeof createRandom>,
  fonts: readonly FontChoice[],
  seed: number,
  index: number,
  paged = true,
): { content: SyntheticContent; layout: StrangerLayout; issued: SyntheticContent } {
  let content = makeContent(random, { kind: random.pick(['invoice', 'purchase_order'] as const) });
  const chosen = chooseStrangerLayout(random, fonts, content.kind === 'purchase_order' ? 'purchase_order' : 'invoice');
  content = readdress(restyleDates(restyle(content, chosen.variety, random), chosen.dates), chosen.parties, random);
  const issued = chooseStrangerIssuer(content, random);
  // The pages, the tax's shape and the seller's name each have a random source of their own:
  // every other draw of the seed stays as it was. More rows come before the tax is drawn on them.
  const pages = paged
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
  return { content: sellers.content, layout: sellers.layout, issued: issued.content };
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
  run: { seed: number; index: number; kind: SyntheticKind; degradation?: Degradation; printedName?: string },
): SyntheticExpected {
  const printed = printedValues(content);
  // The seller's name as printed, where the layout prints it otherwise than the ground truth's.
  const nameField = content.kind === 'purchase_order' ? 'supplier_name' : 'vendor_name';
  if (run.printedName && nameField in printed) printed[nameField] = run.printedName;
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
   * Stranger family only: a long table over two or three pages (stranger-pages.ts), unless false
   * (the synthetic training set, so that it stays the set the ranker was measured with).
   */
  pages?: boolean;
}): Promise<string[]> {
  const chromium = options.producer === 'chromium';
  if (chromium && (options.family !== 'stranger' || options.kind !== 'text'))
    throw new Error('--producer chromium writes text PDFs of the stranger family only (--family stranger --kind text)');
  if (chromium && !chromiumPath()) throw new Error("--producer chromium needs Chromium: install Debian's chromium");
  const type = options.type ?? (chromium ? 'invoice-or-order' : 'any');
  mkdirSync(options.out, { recursive: true });
  const fonts = availableFonts();
  const producer = chromium ? { printer: await openHtmlPrinter(), families: systemFontFamilies() } : undefined;
  const names: string[] = [];
  try {
    for (let i = 0; i < options.count; i++) {
      const doc = await generateDocument(
        options.seed,
        i,
        options.kind,
        fonts,
        options.family,
        producer,
        type,
        options.einvoice ?? false,
        options.pages ?? true,
      );
      writeFileSync(path.join(options.out, doc.name), doc.bytes);
      const stem = doc.name.replace(/\.\w+$/, '');
      writeFileSync(path.join(options.out, `${stem}.expected.json`), `${JSON.stringify(doc.expected, null, 2)}\n`);
      names.push(doc.name);
    }
  } finally {
    await producer?.printer.close();
  }
  return names;
}
