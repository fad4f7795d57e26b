import type { ExtractionContext } from '../context.js';
import { fold } from '../layout/fold.js';
import type { Line } from '../layout/lines.js';
import type { LabelKey } from '../labels/label-index.js';
import type { Role } from '../labels/synonyms.js';
import { bestPerValue, type Candidate } from './candidates.js';
import { buyerBlockLines, cleanName, hasLegalForm, looksLikeName, SENDER_SEPARATORS } from './party-lines.js';

/**
 * The vendor (or merchant, or supplier) and the buyer. Evidence, strongest first: a label such as
 * "Seller:" or "Rechnungsersteller" with the name beside or under it; a line with a legal form
 * (GmbH, Ltd, Sdn Bhd) outside the buyer's block, higher up the page the better, and repeated in
 * a footer or sender line; and for receipts and invoices, the first name-like line of the page.
 */

export function vendorCandidates(ctx: ExtractionContext, keys: LabelKey[], documentType: string | undefined): Candidate[] {
  const buyerLines = buyerBlockLines(ctx.lines, ctx.labels);
  const candidates = [...labelledNames(ctx, keys, 'vendor_name'), ...legalFormNames(ctx, buyerLines), ...senderLineNames(ctx)];
  // On a purchase order the company at the top is the one buying.
  if (documentType !== 'purchase_order') candidates.push(...topNames(ctx, buyerLines));
  return boostRepeated(ctx, bestPerValue(candidates.filter((c) => String(c.value).length >= 2)));
}

export function buyerCandidates(ctx: ExtractionContext, keys: LabelKey[], documentType: string | undefined): Candidate[] {
  const candidates = labelledNames(ctx, keys, 'buyer_name');
  if (documentType === 'purchase_order') candidates.push(...topNames(ctx, new Set()).map((c) => ({ ...c, score: c.score * 0.8 })));
  return bestPerValue(candidates);
}

/** The name right of a label ("Vendor Name: Tish Williams") or on the first line under it. */
function labelledNames(ctx: ExtractionContext, keys: LabelKey[], role: Role): Candidate[] {
  const found: Candidate[] = [];
  for (const key of keys) {
    for (const hit of ctx.labels.hitsFor(key)) {
      const right = cleanName(hit.line.text.slice(hit.end).split(/\s{2,}/)[0] ?? '', ctx.labels, null, role);
      const segmentEnd = hit.line.segments.find((s) => s.x1 >= hit.x1)?.x1 ?? hit.x1;
      if (right && looksLikeName(right) && segmentEnd > hit.x1 + 1) {
        found.push({ value: firstSegmentAfter(hit.line, hit.x1) ?? right, score: 0.85 * hit.strength, line: hit.line, source: 'label', label: hit });
        continue;
      }
      const below = lineBelow(ctx.lines, hit.line, hit.x0, hit.x1);
      if (below) {
        const segment = below.segments.find((s) => s.x1 > hit.x0 - 20 && s.x0 < hit.x1 + 60);
        const name = cleanName(segment?.text ?? below.text, ctx.labels, below, role);
        if (looksLikeName(name)) found.push({ value: name, score: 0.8 * hit.strength, line: below, source: 'label', label: hit });
      }
    }
  }
  return found;
}

function firstSegmentAfter(line: Line, x: number): string | null {
  const segment = line.segments.find((s) => s.x1 > x + 1);
  if (!segment) return null;
  const words = segment.words.filter((w) => w.bbox.x0 >= x - 1);
  const text = words.map((w) => w.text).join(' ').replace(/^[\s:;,.]+/, '').trim();
  return text || null;
}

function lineBelow(lines: Line[], line: Line, x0: number, x1: number): Line | null {
  for (let i = line.index + 1; i < Math.min(lines.length, line.index + 4); i++) {
    const candidate = lines[i]!;
    if (candidate.page !== line.page) return null;
    if (candidate.segments.some((s) => s.x1 > x0 - 20 && s.x0 < x1 + 60)) return candidate;
  }
  return null;
}

function legalFormNames(ctx: ExtractionContext, buyerLines: Set<Line>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    if (buyerLines.has(line) || line.confidence < 0.5) continue;
    for (const segment of line.segments) {
      for (const part of segment.text.split(SENDER_SEPARATORS)) {
        if (!hasLegalForm(part) || !looksLikeName(part)) continue;
        const position = line.page === 1 ? 1 - (line.y0 / line.pageHeight) * 0.5 : 0.4;
        found.push({ value: joinContinuation(ctx.lines, line, cleanName(part, ctx.labels, line)), score: 0.7 * position, line, source: 'layout' });
      }
    }
  }
  return found;
}

/** "Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen": the sender line above a window address. */
function senderLineNames(ctx: ExtractionContext): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    for (const segment of line.segments) {
      const parts = segment.text.split(SENDER_SEPARATORS);
      if (parts.length < 3 || !looksLikeName(parts[0]!)) continue;
      found.push({ value: cleanName(parts[0]!, ctx.labels, null), score: 0.6, line, source: 'layout' });
    }
  }
  return found;
}

/** The first name-like lines at the top of the first page. */
function topNames(ctx: ExtractionContext, buyerLines: Set<Line>): Candidate[] {
  const found: Candidate[] = [];
  for (const line of ctx.lines) {
    if (line.page !== 1 || line.y0 > line.pageHeight * 0.3 || found.length >= 3) break;
    if (buyerLines.has(line) || line.confidence < 0.6 || ctx.labels.hitsOn(line).some((h) => h.start === 0 && h.strength === 1)) continue;
    const segment = line.segments[0]!;
    if (!looksLikeName(segment.text)) continue;
    const name = joinContinuation(ctx.lines, line, cleanName(segment.text, ctx.labels, line));
    found.push({ value: name, score: 0.45 - found.length * 0.1, line, source: 'fallback' });
  }
  return found;
}

/** "HOME MASTER HARDWARE &" + "ELECTRICAL": a name broken over two lines. */
function joinContinuation(lines: Line[], line: Line, name: string): string {
  if (!/(&|\band|\bund|\bet|-)$/i.test(name)) return name;
  const next = lines[line.index + 1];
  return next && next.page === line.page && looksLikeName(next) ? `${name} ${next.text.trim()}` : name;
}

/** A name printed several times (letterhead, sender line, footer) is the issuer's. */
function boostRepeated(ctx: ExtractionContext, candidates: Candidate[]): Candidate[] {
  const texts = ctx.lines.map((l) => fold(l.text));
  return candidates
    .map((c) => {
      const name = fold(String(c.value));
      const count = name.length >= 4 ? texts.filter((t) => t.includes(name)).length : 1;
      return count > 1 ? { ...c, score: Math.min(1, c.score * (1 + 0.1 * Math.min(count - 1, 3))) } : c;
    })
    .sort((a, b) => b.score - a.score);
}
