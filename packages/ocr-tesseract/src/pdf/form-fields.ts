/**
 * Words of a page's filled form fields and typed-in text boxes. An invoice template filled in a PDF
 * viewer and saved without flattening keeps every value it was filled with in its fields' widget
 * annotations, not in the page's content: pdfjs' text content holds only the printed labels
 * ("Invoice No.", "Total") and none of the values, though every viewer and printer shows them.
 * A text box typed onto a page ("Add text" in a viewer) is a FreeText annotation likewise. Their
 * values are placed in their boxes as the viewer draws them: one line, or several in a multi-line
 * field, at the field's font size, aligned as the field says; comb fields spread their characters
 * over equal cells. Hidden fields, check boxes and buttons show no text and give none.
 */
import type { Word } from '@intake/core';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { textWidth, tokenSpans } from './glyph-widths.js';

/** The fields of pdfjs' annotation data read here (pdfjs types them as `any`). */
interface AnnotationData {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  textAlignment?: number | null;
  defaultAppearanceData?: { fontSize?: number };
  hidden?: boolean;
  multiLine?: boolean;
  comb?: boolean;
  maxLen?: number;
  contentsObj?: { str?: string };
}

/** Space a viewer leaves between a field's border and its text, in points. */
const PADDING = 2;
/** A field with automatic font size (0) is drawn at about this share of its height, at most 12 pt. */
const AUTO_SIZE = 0.7;
const MAX_AUTO_SIZE = 12;

export async function formFieldWords(page: PDFPageProxy): Promise<Word[]> {
  const viewport = page.getViewport({ scale: 1 });
  const annotations = await annotationsOf(page);
  const words: Word[] = [];
  for (const annotation of annotations) {
    const text = shownText(annotation);
    if (!text || !annotation.rect || annotation.rect.length !== 4) continue;
    const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(annotation.rect) as number[];
    const box = { x0: Math.min(x0!, x1!), y0: Math.min(y0!, y1!), x1: Math.max(x0!, x1!), y1: Math.max(y0!, y1!) };
    words.push(...fieldWords(annotation, text, box));
  }
  return words;
}

/**
 * The page's annotations, or none where pdfjs cannot parse them: a broken annotation costs the
 * values it holds, never the page's text.
 */
async function annotationsOf(page: PDFPageProxy): Promise<AnnotationData[]> {
  try {
    return (await page.getAnnotations({ intent: 'display' })) as AnnotationData[];
  } catch {
    return [];
  }
}

/** What a field or text box shows, or nothing. */
function shownText(annotation: AnnotationData): string {
  if (annotation.hidden) return '';
  if (annotation.subtype === 'FreeText') return annotation.contentsObj?.str?.trim() ?? '';
  if (annotation.subtype !== 'Widget') return '';
  const value = annotation.fieldValue;
  if (annotation.fieldType === 'Tx' && typeof value === 'string') return value.trim();
  if (annotation.fieldType === 'Ch') {
    const chosen: unknown[] = Array.isArray(value) ? value : [value];
    return chosen
      .filter((v) => typeof v === 'string')
      .join(' ')
      .trim();
  }
  return '';
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function fieldWords(annotation: AnnotationData, text: string, box: Box): Word[] {
  const height = box.y1 - box.y0;
  const given = annotation.defaultAppearanceData?.fontSize ?? 0;
  const size = given > 0 ? given : Math.min(MAX_AUTO_SIZE, height * AUTO_SIZE);
  const multiLine = annotation.multiLine || annotation.subtype === 'FreeText';
  const lines = multiLine ? text.split(/\r\n|\r|\n/u) : [text.replace(/\s+/gu, ' ')];
  // One line sits in the middle of its box; several run from its top.
  const top = multiLine ? box.y0 + PADDING : box.y0 + (height - size) / 2;
  return lines.flatMap((line, i) => lineWords(annotation, line, box, top + i * size * 1.15, size));
}

function lineWords(annotation: AnnotationData, line: string, box: Box, top: number, size: number): Word[] {
  const comb = annotation.comb && annotation.maxLen ? annotation.maxLen : 0;
  const width = comb
    ? ((box.x1 - box.x0) * [...line].length) / comb
    : Math.min(box.x1 - box.x0 - 2 * PADDING, (textWidth(line, false) * size) / 1000);
  const left =
    comb > 0
      ? box.x0
      : annotation.textAlignment === 2
        ? box.x1 - PADDING - width
        : annotation.textAlignment === 1
          ? box.x0 + (box.x1 - box.x0 - width) / 2
          : box.x0 + PADDING;
  return tokenSpans(line, comb > 0).map((span) => ({
    text: span.text,
    bbox: {
      x0: round(left + span.start * width),
      y0: round(top),
      x1: round(left + span.end * width),
      y1: round(top + size),
    },
    confidence: 1,
  }));
}

const round = (n: number): number => Math.round(n * 100) / 100;
