import { rgb } from 'pdf-lib';
import type { Party } from './document.js';
import type { Pen, Tracking } from './pen.js';
import type { StrangerVariety } from './stranger-variety.js';

/** Parts of the stranger layouts that their variety adds: a logo mark, a strip of values, totals in a box or rows. */
export const LEFT = 50;
export const RIGHT = 545;

/**
 * The item table's top: under the buyer's block and the meta column, lower when the parties'
 * blocks carry a phone and a contact person, and lower again for a strip of values above it.
 */
export function tableTopOf(variety: StrangerVariety): number {
  return 270 + (variety.partyContacts ? 24 : 0) + (variety.meta === 'strip' ? 72 : 0);
}

/** A filled square as the logo, the seller's full name in bold beside it (letter-spaced with `tracking`): a letterhead. */
export function drawLogoMark(pen: Pen, name: string, tracking?: Tracking): void {
  pen.page.drawRectangle({ x: LEFT, y: pen.pageHeight - 50, width: 26, height: 26, color: rgb(0.2, 0.35, 0.6) });
  pen.text(name, LEFT + 34, 30, { size: 13, bold: true, ...(tracking ? { tracking } : {}) });
}

/** Labels across the page, each value under its label: "Invoice No. | Date | Due Date" over their values. */
export function drawMetaStrip(pen: Pen, rows: readonly [string, string][], top: number): void {
  const step = (RIGHT - LEFT) / Math.max(rows.length, 3);
  pen.line(LEFT, top - 4, RIGHT, top - 4);
  let x = LEFT;
  for (const [label, value] of rows) {
    const heading = label.replace(/\s*:$/, '');
    pen.text(heading, x, top, { size: 8, grey: true });
    pen.text(value, x, top + 13, { size: 10 });
    // The next column starts a step on, or further where this one's text is wider: columns never touch.
    x += Math.max(step, pen.width(heading, 8) + 18, pen.width(value, 10) + 18);
  }
  pen.line(LEFT, top + 28, RIGHT, top + 28);
}

/** A drawn frame around the totals at the right, as summary boxes print them. */
export function drawTotalsBox(pen: Pen, left: number, top: number, count: number): void {
  const bottom = top + count * 16 + 2;
  pen.line(left, top - 6, left, bottom);
  pen.line(RIGHT + 5, top - 6, RIGHT + 5, bottom);
  pen.line(left, top - 6, RIGHT + 5, top - 6);
  pen.line(left, bottom, RIGHT + 5, bottom);
}

/**
 * The totals as the item table's last rows: each label in the description column, its amount in
 * the amount column, under a rule; the total in bold.
 */
export function drawTotalsRows(pen: Pen, lines: readonly [string, string][], top: number, totalAt: number): void {
  pen.line(LEFT, top - 4, RIGHT, top - 4);
  lines.forEach(([label, value], i) => {
    const bold = i === totalAt;
    pen.text(label, LEFT, top + i * 18, { size: 9, bold });
    pen.text(value, RIGHT, top + i * 18, { size: 9, bold, align: 'right' });
  });
}

/** What a party's block prints besides the party's address. */
export interface BlockText {
  heading?: string | undefined;
  /** A line above the name (a recipient). */
  above?: string;
  /** Lines under the address. */
  under: readonly string[];
  /** The name's lines, when not the party's name on one line. */
  name?: readonly string[];
  /** Lines under the name, before the address, in the address's size ("Inh. Anna Weber", "Accounts Department"). */
  underName?: readonly string[];
  nameSize?: number;
  size?: number;
  /** The widest the block may be: its text is set smaller where a line would be wider. */
  width?: number;
}

/** A party's block: a heading, a line above the name, the name, the address and the lines under it. */
export function drawBlock(
  pen: Pen,
  party: Party,
  x: number,
  top: number,
  align: 'left' | 'right',
  text: BlockText,
): void {
  const names = text.name ?? [party.name];
  const widest = Math.max(
    ...[...names, ...party.lines, ...text.under].map((l) => pen.width(l, text.nameSize ?? 11, true)),
  );
  const k = text.width ? Math.min(1, text.width / widest) : 1;
  const nameSize = (text.nameSize ?? 11) * k;
  const size = (text.size ?? 9) * k;
  let y = top;
  if (text.heading) {
    pen.text(text.heading, x, y, { size: 8, align, grey: true });
    y += 12;
  }
  if (text.above) {
    pen.text(text.above, x, y, { size: 10 * k, align });
    y += 14;
  }
  for (const line of names) {
    pen.text(line, x, y, { size: nameSize, bold: true, align });
    y += nameSize + 4;
  }
  [...(text.underName ?? []), ...party.lines, ...text.under].forEach((line, i) =>
    pen.text(line, x, y + i * (size + 3), { size, align }),
  );
}
