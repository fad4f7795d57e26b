import { degrees, grayscale, PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { SyntheticContent } from './document.js';
import type { Random } from './random.js';

/**
 * Text a stranger page prints turned, as real invoices do: a line up the left margin beside the
 * letterhead and the parties (the seller's legal details, as French and German invoices print
 * their register and capital there, or a form's or printer's code), and a stamp or watermark word
 * across the body at 45 degrees, large and light ("COPY", "BEZAHLT", "DUPLICATA"). Text PDFs only
 * (a scan's OCR is another matter), drawn from a random source of its own.
 */
export interface StrangerTurned {
  margin: 'none' | 'legal' | 'code';
  /** The margin line's text, '' for none. */
  marginText: string;
  /** Where the margin line starts, as a share of the page's height from the top: it runs up from there. */
  marginFrom: number;
  /** The watermark word, '' for none. */
  mark: string;
}

export function chooseStrangerTurned(content: SyntheticContent, random: Random): StrangerTurned {
  const v = content.vocabulary;
  const margin = random.chance(0.6) ? random.pick(['legal', 'code'] as const) : 'none';
  const legal = () => [content.seller.name, random.pick(v.registrations), content.seller.lines.join(', ')].join(' · ');
  return {
    margin,
    marginText: margin === 'legal' ? legal() : margin === 'code' ? random.pick(v.form_codes) : '',
    marginFrom: 0.3 + 0.25 * random.next(),
    mark: random.chance(0.4) ? random.pick(v.turned_marks) : '',
  };
}

export function describeStrangerTurned(turned: StrangerTurned): string {
  return `turned-margin=${turned.margin} turned-mark=${turned.mark ? 'yes' : 'no'}`;
}

/** Text as HTML: `&`, `<`, `>` and quotes escaped. */
const esc = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The page's HTML with the turned text placed on it as web invoices do: CSS `rotate(-90deg)` about
 * the line's start, at the left of the page box (267 mm tall inside the page's margins; Chromium
 * prints nothing in the margins), the body moved right of it; `rotate(-45deg)` for the watermark,
 * light grey over the body.
 */
export function withTurnedHtml(html: string, turned: StrangerTurned): string {
  const parts: string[] = [];
  if (turned.marginText)
    parts.push(
      '<style>body { padding-left: 9mm; }</style>',
      `<div style="position:absolute;left:0;top:${Math.round(turned.marginFrom * 267)}mm;transform:rotate(-90deg);transform-origin:left top;font-size:7px;color:#555;white-space:nowrap">${esc(turned.marginText)}</div>`,
    );
  if (turned.mark)
    parts.push(
      `<div style="position:absolute;left:25mm;top:115mm;transform:rotate(-45deg);font-size:80px;font-weight:bold;color:#d6d6d6;white-space:nowrap">${esc(turned.mark)}</div>`,
    );
  return html.replace('</body>', `${parts.join('')}</body>`);
}

/** The pdf-lib page with the turned text drawn on its first page (`rotate`), in Helvetica. */
export async function withTurnedPdf(pdf: Uint8Array, turned: StrangerTurned): Promise<Uint8Array> {
  if (!turned.marginText && !turned.mark) return pdf;
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(0);
  const { width, height } = page.getSize();
  if (turned.marginText) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const text = encodable(turned.marginText, font);
    const y = height * (1 - turned.marginFrom);
    page.drawText(text, { x: 24, y, size: 6.5, font, rotate: degrees(90), color: grayscale(0.35) });
  }
  if (turned.mark) {
    const font = await doc.embedFont(StandardFonts.HelveticaBold);
    const text = encodable(turned.mark, font);
    page.drawText(text, {
      x: width * 0.2,
      y: height * 0.3,
      size: 64,
      font,
      rotate: degrees(45),
      color: grayscale(0.85),
    });
  }
  return doc.save();
}

/** The text without the characters the standard font cannot encode. */
function encodable(text: string, font: PDFFont): string {
  const set = new Set(font.getCharacterSet());
  return [...text].filter((c) => set.has(c.codePointAt(0)!)).join('');
}
