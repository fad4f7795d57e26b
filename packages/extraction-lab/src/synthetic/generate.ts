import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { groundTruth, printedValues, type SyntheticContent } from './document.js';
import { availableFonts, type FontChoice } from './layout.js';
import { createRandom, seedOf } from './random.js';
import { photograph, scan, type Degradation } from './raster.js';
import { printCorpus, printStranger } from './print-document.js';
import type {
  GenerateOptions,
  StrangerType,
  SyntheticFamily,
  SyntheticKind,
  SyntheticProducer,
} from './generate-options.js';
import { chromiumPath, openHtmlPrinter } from './render-html.js';
import { systemFontFamilies } from './render-html-style.js';
import { openOfficePrinter, sofficePath } from './render-office.js';
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
export type {
  ChromiumProducer,
  GenerateOptions,
  StrangerType,
  SyntheticFamily,
  SyntheticKind,
  SyntheticProducer,
} from './generate-options.js';

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

/** What `writeSyntheticCorpus` writes: how many documents of which kind, family and producer, where. */
export interface SyntheticCorpusOptions {
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
  /**
   * Stranger family, text PDFs by pdf-lib or Chromium: a line up the margin and a watermark printed
   * turned (stranger-turned.ts). `synth` asks for them unless told `--no-turned`; the synthetic
   * training set does not.
   */
  turned?: boolean;
  /**
   * Stranger family only: a letter-spaced name and title (stranger-tracking.ts), unless false (the
   * synthetic training set, so that it stays the set the ranker was measured with).
   */
  tracking?: boolean;
}

/** Writes `count` documents of `kind` into `out`; returns their file names. */
export async function writeSyntheticCorpus(options: SyntheticCorpusOptions): Promise<string[]> {
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
      turned: options.turned ?? false,
      tracking: options.tracking ?? true,
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
