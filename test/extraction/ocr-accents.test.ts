import { describe, expect, it } from 'vitest';
import type { ReadDocument, Word } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';

/**
 * Spanish "-ción" and "-sión", which tesseract's English and German models read "-cién" or
 * "-ciön", written back on OCR'd lines; "recién", a word so ending, and text layers left as read.
 */

const lineText = (source: 'ocr' | 'text_layer', texts: string[]): string => {
  let x = 100;
  const words: Word[] = texts.map((text) => {
    const word = { text, confidence: 0.9, bbox: { x0: x, y0: 100, x1: x + text.length * 12, y1: 120 } };
    x = word.bbox.x1 + 10;
    return word;
  });
  const document: ReadDocument = {
    mimeType: 'application/pdf',
    attachments: [],
    pages: [{ number: 1, width: 1200, height: 1000, source, words }],
  };
  return buildLines(document)[0]!.text;
};

describe("Spanish -ción on OCR'd lines", () => {
  it('is written back in names, labels and addresses, with the case and punctuation as read', () => {
    expect(lineText('ocr', ['López', 'Alimentacién', 'S.L.'])).toBe('López Alimentación S.L.');
    expect(lineText('ocr', ['Direccién', 'de', 'facturaciön:'])).toBe('Dirección de facturación:');
    expect(lineText('ocr', ['Fecha', 'de', 'emisién:'])).toBe('Fecha de emisión:');
    expect(lineText('ocr', ['DISTRIBUCIÉN', 'DEL', 'NORTE'])).toBe('DISTRIBUCIÓN DEL NORTE');
    expect(lineText('ocr', ['Avenida', 'de', 'la', 'Constitucién,', '145'])).toBe('Avenida de la Constitución, 145');
  });

  it('leaves "recién", other endings and text layers as they are', () => {
    expect(lineText('ocr', ['recién', 'llegado'])).toBe('recién llegado');
    expect(lineText('ocr', ['Café', 'Bién', 'Lumiére'])).toBe('Café Bién Lumiére');
    expect(lineText('text_layer', ['Alimentacién'])).toBe('Alimentacién');
  });
});
