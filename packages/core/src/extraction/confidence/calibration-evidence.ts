import type { ReadDocument } from '../../ports/document-reader.port.js';

/**
 * What the held-out calibration (calibrate-model.ts) learns from besides a field's confidence:
 * how the value was read and what in the document says it may be wrong. The calibration weighs
 * these itself, on held-out outcomes, rather than by hand-set caps.
 */

/** How a value's words were read: a PDF's text layer, OCR of a scanned PDF page, OCR of a photo. */
export type Reading = 'text' | 'scan' | 'photo';

export interface CalibrationEvidence {
  reading: Reading;
  /** The OCR engine's confidence in the value's line, 0 to 1 (1 for a text layer). */
  ocr: number;
  /** Read beside one of the field's labels (not placed by layout or a fallback). */
  labelled: boolean;
  /**
   * The ranker's score of the best candidate with another value (0 when there is none or the
   * rules chose alone): a rival close behind says the ranker nearly chose otherwise.
   */
  rival: number;
}

/** The calibration's evidence inputs, in the order of a model's weights. */
export const EVIDENCE_FEATURES = ['scan', 'photo', 'ocr_doubt', 'unlabelled', 'rival'] as const;

export function evidenceRow(evidence: CalibrationEvidence): number[] {
  return [
    evidence.reading === 'scan' ? 1 : 0,
    evidence.reading === 'photo' ? 1 : 0,
    evidence.reading === 'text' ? 0 : 1 - clamp(evidence.ocr),
    evidence.labelled ? 0 : 1,
    clamp(evidence.rival),
  ];
}

/** How words were read: a text layer, or OCR of an image file (a photo) or of a PDF page (a scan). */
export function readingOf(doc: ReadDocument, ocr: boolean): Reading {
  if (!ocr) return 'text';
  return doc.mimeType.startsWith('image/') ? 'photo' : 'scan';
}

const clamp = (x: number): number => (Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);
