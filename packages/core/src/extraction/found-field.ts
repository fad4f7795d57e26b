import type { FieldLocation } from './locations/field-location.js';

/** A field's value as found, with its evidence score before calibration. */
export interface FoundField {
  value: unknown;
  /** 0 to 1, from labels, layout and plausibility; turned into a confidence by calibration. */
  score: number;
  source: 'label' | 'layout' | 'fallback' | 'xml' | 'table' | 'nested';
  /** Mean OCR confidence of the words the value came from (1 for a text layer). */
  ocr: number;
  /** The score is the ranker's probability of being right, a confidence already. */
  ranked?: boolean;
  /** The most confidence the value's evidence allows (see confidence/evidence-caps.ts). */
  ceiling?: number;
  /** The ceiling stays when the fields' arithmetic agrees (see confidence/cross-checks.ts). */
  firmCeiling?: true;
  /** An array whose sum was weighed where it was found (receipt items): cross-checks leave it and the totals alone. */
  weighed?: true;
  /** Where on the page the value was read (see locations/field-location.ts). */
  location?: FieldLocation;
}

export type FoundFields = Record<string, FoundField>;
