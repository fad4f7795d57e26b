import { execFileSync } from 'node:child_process';
import type { Random } from './random.js';

/**
 * How a Chromium-printed stranger document looks: the markup's kind (flex rows, CSS grids, or
 * bordered tables), the font family (one the system has, by `fc-list`), the logo as large text or
 * as text inside an SVG badge, a footer on one centred line or in three columns, the base size,
 * and the item table's headings at the left or centred over their columns.
 */
export interface HtmlLook {
  style: 'flex' | 'grid' | 'table';
  font: string;
  logo: 'text' | 'svg';
  footer: 'line' | 'columns';
  /** The base font size in CSS pixels. */
  size: number;
  /** The item table's headings: at the left of their columns (numbers' at the right), or centred (HTML's default). */
  heads: 'aligned' | 'centred';
}

/**
 * The look from `random`; the headings' alignment, drawn after the rest, from a random source of
 * its own (`heads`), so that `random`'s later draws, and so every other choice of a seed, stay.
 */
export function chooseHtmlLook(random: Random, fonts: readonly string[], heads: Random): HtmlLook {
  return {
    style: random.pick(['flex', 'grid', 'table'] as const),
    font: random.pick(fonts),
    logo: random.pick(['text', 'svg'] as const),
    footer: random.pick(['line', 'columns'] as const),
    size: random.pick([11, 12, 13]),
    heads: heads.chance(1 / 3) ? 'centred' : 'aligned',
  };
}

export function describeHtmlLook(look: HtmlLook): string {
  return `producer=chromium html=${look.style} logo=${look.logo} footer=${look.footer} heads=${look.heads} html-font=${look.font.replace(/ /g, '_')}`;
}

/**
 * The font families the system has (`fc-list : family`, the first name of each, sorted), or the
 * generic families where fontconfig is absent: the same machine draws the same fonts for a seed.
 */
export function systemFontFamilies(): string[] {
  try {
    const out = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
    const names = new Set(out.split('\n').map((l) => l.split(',')[0]!.trim()));
    const families = [...names].filter((n) => n && !/Math/.test(n)).sort();
    if (families.length) return families;
  } catch {
    // No fontconfig: the browser's generic families.
  }
  return ['sans-serif', 'serif'];
}

/** The page's CSS: A4, the look's markup rules, numbers right-aligned in every kind. */
export function htmlStyleSheet(look: HtmlLook): string {
  return baseStyleSheet(look) + (look.heads === 'centred' ? CENTRED_HEADS : '');
}

/** Item headings centred over their columns, as an HTML table's header cells are by default. */
const CENTRED_HEADS = `
table.items th, table.items th:not(:first-child) { text-align: center; }
.items .headrow span, .items .headrow span:not(:first-child) { text-align: center; }
`;

function baseStyleSheet(look: HtmlLook): string {
  const font = /^(sans-serif|serif|monospace)$/.test(look.font) ? look.font : `'${look.font}'`;
  return `
@page { size: A4; margin: 16mm 17mm 14mm; }
body { font-family: ${font}; font-size: ${look.size}px; color: #222; margin: 0; }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; margin-bottom: 26px; }
.title { font-size: 26px; margin: 0; letter-spacing: 0.5px; white-space: nowrap; }
.title.big { font-size: 36px; }
.title.dated { font-size: 18px; }
.dateline { text-align: right; margin-top: 10px; }
.small { font-size: 0.8em; }
.party.small .name { font-size: 1em; font-weight: normal; }
.pair-list { display: flex; flex-direction: column; gap: 10px; }
.pair-heading { font-weight: bold; }
table.pairs th { text-align: left; font-weight: normal; padding: 1px 12px 1px 0; white-space: nowrap; }
table.pairs td { padding: 1px 0; white-space: nowrap; }
.logo { font-size: 28px; font-weight: bold; color: #1d3f6e; white-space: nowrap; }
.letterhead { display: flex; align-items: center; gap: 8px; font-size: 16px; white-space: nowrap; }
.parties { display: flex; justify-content: space-between; gap: 24px; margin-bottom: 24px; }
.side { display: flex; flex-direction: column; gap: 14px; }
.pair { display: flex; gap: 40px; }
.party .heading { font-size: 0.8em; text-transform: uppercase; color: #777; margin-bottom: 3px; }
.party .name { font-weight: bold; font-size: 1.1em; }
.party.right { text-align: right; }
.party div { white-space: nowrap; }
.party.big { font-size: 1.25em; }
.bottom { margin-top: 30px; margin-left: auto; width: max-content; }
.sender { font-size: 8px; text-decoration: underline; margin-bottom: 6px; }
dl.meta { display: grid; grid-template-columns: auto auto; gap: 3px 18px; margin: 0; }
dl.meta dt { color: #555; white-space: nowrap; }
dl.meta dd { margin: 0; text-align: right; white-space: nowrap; }
.flex dl.meta { display: flex; flex-wrap: wrap; width: 300px; column-gap: 10px; flex-shrink: 0; }
.flex dl.meta dt { width: 140px; white-space: nowrap; }
.flex dl.meta dd { width: 140px; }
table { border-collapse: collapse; }
table.meta th { text-align: left; font-weight: normal; padding: 2px 12px 2px 0; color: #555; white-space: nowrap; }
table.meta td { text-align: right; padding: 2px 0; white-space: nowrap; }
table.strip { width: 100%; margin-bottom: 20px; border-top: 1px solid #999; border-bottom: 1px solid #999; }
table.strip th { text-align: left; font-weight: normal; font-size: 0.8em; color: #666; padding: 4px 8px 0 0; }
table.strip td { padding: 2px 8px 5px 0; white-space: nowrap; }
table.items { width: 100%; }
table.items th, table.items td { border: 1px solid #888; padding: 4px 6px; }
table.items th { background: #eee; text-align: left; white-space: nowrap; }
table.items td:not(:first-child), table.items th:not(:first-child) { text-align: right; }
table.items tfoot td { border: none; }
table.items tr.grand td { font-weight: bold; }
.items .item { display: grid; grid-template-columns: 1fr 70px 100px 100px; gap: 8px; padding: 4px 0; border-bottom: 1px solid #ddd; }
.flex .items .item { display: flex; }
.flex .items .item span:first-child { flex: 1; }
.flex .items .item span:not(:first-child) { width: 100px; }
.items .item span:not(:first-child) { text-align: right; }
.items.five .item { grid-template-columns: 1fr 50px 90px 80px 90px; }
.flex .items.five .item span:not(:first-child) { width: 80px; }
.items .headrow { font-weight: bold; border-bottom: 2px solid #444; white-space: nowrap; }
.items .sum { border-bottom: none; }
.items .grand { font-weight: bold; }
.totals { margin: 16px 0 0 auto; width: 260px; }
.totals .line { display: flex; justify-content: space-between; padding: 2px 0; }
.totals .grand { font-weight: bold; font-size: 1.2em; border-top: 1px solid #444; }
.totals.box { border: 1px solid #444; padding: 6px 10px; }
.taxes { margin: 10px 0 0 0; border-collapse: collapse; }
.taxes th, .taxes td { text-align: right; padding: 1px 10px; white-space: nowrap; }
.taxes th { border-bottom: 1px solid #444; }
.tax-note { margin: 8px 0 0 0; }
.closing { margin-top: 30px; }
.grey { color: #666; }
.bank, .signature { margin-top: 24px; }
.signed { margin-top: 14px; }
.footer { position: fixed; bottom: 0; left: 0; right: 0; text-align: center; font-size: 9px; color: #666; }
.footer.columns { display: flex; justify-content: space-between; text-align: left; gap: 20px; border-top: 1px solid #ccc; padding-top: 6px; }
`;
}
