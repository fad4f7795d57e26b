import { makeContent, type SyntheticContent } from './document.js';
import { chooseLayout, describeLayout, type FontChoice } from './layout.js';
import { createRandom, seedOf, type Random } from './random.js';
import { einvoiceHtml, renderEinvoicePdf } from './render-einvoice.js';
import { recordingPicks, replayingPicks } from './render-html.js';
import { strangerHtml } from './render-html-page.js';
import { chooseHtmlLook, describeHtmlLook } from './render-html-style.js';
import { officeFodt, type OfficePrinter } from './render-office.js';
import { chooseOfficeLook, corpusOfficePage, describeOfficeLook, strangerOfficePage } from './render-office-page.js';
import { renderPdf } from './render-pdf.js';
import { describeStrangerLayout, renderStrangerPdf } from './render-stranger.js';
import { drawStranger } from './draw-stranger.js';
import { chooseStrangerEinvoice, describeStrangerEinvoice, type StrangerEinvoice } from './stranger-einvoice.js';
import { printedSellerName } from './stranger-identity.js';
import { ownDateText } from './stranger-when.js';
import { chooseStrangerTurned, describeStrangerTurned, withTurnedHtml, withTurnedPdf } from './stranger-turned.js';
import type { ChromiumProducer, GenerateOptions, SyntheticKind } from './generate-options.js';

/**
 * A document's page as its producer prints it: pdf-lib, Chromium printing the same document as
 * HTML, LibreOffice printing it as a word processor's template, or an e-invoice's view; the
 * stranger family's documents drawn first (draw-stranger.ts).
 */

interface Printed {
  pdf: Uint8Array;
  content: SyntheticContent;
  layoutText: string;
  printedName?: string;
  printedDate?: string;
}

/** A stranger invoice or order, drawn and printed by pdf-lib, Chromium, LibreOffice or as an e-invoice view. */
export async function printStranger(
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
    tracking: options.tracking ?? true,
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
  // Text printed turned (stranger-turned.ts), on Chromium's and pdf-lib's text pages: a random source of its own.
  const turned =
    options.turned && kind === 'text' && !office
      ? chooseStrangerTurned(content, createRandom(seedOf(`intake synthetic turned ${seed} ${index}`)))
      : undefined;
  const turnedText = turned ? ` ${describeStrangerTurned(turned)}` : '';
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
    const look = chooseHtmlLook(html, chromium.families, headsRandom(seed, index));
    const page = strangerHtml(content, layout, look, replayingPicks(html, twin.picks));
    const pdf = await chromium.printer.print(turned ? withTurnedHtml(page, turned) : page);
    return { pdf, content, layoutText: `${layoutText}${turnedText} ${describeHtmlLook(look)}`, ...definedOf(own) };
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
  const pdf = await renderStrangerPdf(content, layout, random);
  return {
    pdf: turned ? await withTurnedPdf(pdf, turned) : pdf,
    content,
    layoutText: `${layoutText}${turnedText}`,
    ...definedOf(own),
  };
}

/** A document of the corpus's layouts, printed by pdf-lib or LibreOffice. */
export async function printCorpus(
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
  const html = createRandom(seedOf(`intake synthetic html ${seed} ${index}`));
  const look = chooseHtmlLook(html, chromium.families, headsRandom(seed, index));
  const pdf = await chromium.printer.print(einvoiceHtml(einvoice.page, look.font, look.size));
  return { pdf, layoutText: `${layoutText} ${describeHtmlLook(look)}` };
}

/** The item headings' alignment of a Chromium print: a random source of its own. */
const headsRandom = (seed: number, index: number) =>
  createRandom(seedOf(`intake synthetic html heads ${seed} ${index}`));
