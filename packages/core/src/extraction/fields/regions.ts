import { lineHeight, type Line } from '../layout/lines.js';
import type { LabelHit, LabelIndex } from '../labels/label-index.js';

/**
 * Where a label's value may stand: to its right on the same line (up to the next label), or in
 * the lines just below it, in the same column. Each region carries a layout factor: how much a
 * value found there is worth compared to one right beside the label.
 */

export interface Region {
  line: Line;
  /** The region's text and where it starts in line.text. */
  text: string;
  offset: number;
  position: 'right' | 'below';
  /** Layout factor from 0 to 1. */
  layout: number;
}

const BELOW_FACTORS = [0.9, 0.7, 0.5];

export function valueRegions(hit: LabelHit, lines: Line[], index: LabelIndex): Region[] {
  const regions: Region[] = [];
  const right = rightRegion(hit, index);
  if (right) regions.push(right);
  regions.push(...belowRegions(hit, lines, index));
  return regions;
}

function rightRegion(hit: LabelHit, index: LabelIndex): Region | null {
  const next = index
    .hitsOn(hit.line)
    .filter((h) => h.start >= hit.end && h.strength === 1)
    .sort((a, b) => a.start - b.start)[0];
  const end = next ? next.start : hit.line.text.length;
  const text = hit.line.text.slice(hit.end, end);
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  return { line: hit.line, text, offset: hit.end, position: 'right', layout: 1 };
}

function belowRegions(hit: LabelHit, lines: Line[], index: LabelIndex): Region[] {
  const regions: Region[] = [];
  const height = lineHeight(hit.line);
  const tolerance = height;
  let previous = hit.line;
  for (let i = hit.line.index + 1; i < lines.length && regions.length < BELOW_FACTORS.length; i++) {
    const line = lines[i]!;
    if (line.page !== hit.line.page || line.y0 - previous.y1 > height * 2.5) break;
    previous = line;
    const segments = line.segments.filter((s) => s.x0 < hit.x1 + tolerance && s.x1 > hit.x0 - tolerance);
    if (segments.length === 0) continue;
    // Another label in this column starts the next field: the value was not below.
    const labelled = index.hitsOn(line).some((h) => h.strength === 1 && h.x0 < hit.x1 + tolerance && h.x1 > hit.x0 - tolerance);
    if (labelled) break;
    const first = segments[0]!;
    const offset = segmentOffset(line, first.words[0]!);
    const last = segments.at(-1)!;
    const end = segmentOffset(line, last.words.at(-1)!) + last.words.at(-1)!.text.length;
    regions.push({ line, text: line.text.slice(offset, end), offset, position: 'below', layout: BELOW_FACTORS[regions.length]! });
  }
  return regions;
}

function segmentOffset(line: Line, word: Line['words'][number]): number {
  let offset = 0;
  for (const w of line.words) {
    if (w === word) return offset;
    offset += w.text.length + 1;
  }
  return 0;
}
