import { printDate, printMoney } from './formats.js';
import { quantityText, type SyntheticContent } from './document.js';
import type { Random } from './random.js';
import { webOf, type StrangerLayout } from './render-stranger.js';
import { footerDateLine, paymentSentence, withBalance, withMoreDates } from './stranger-dates.js';
import { summaryAt, summaryLines, taxTableRows } from './stranger-tax.js';
import { datelineText, titleWithDate, whenRows } from './stranger-when.js';
import { nameLines, printedName, tradingSentence } from './stranger-identity.js';
import { trackingEm } from './stranger-tracking.js';
import { legalName, underName } from './stranger-issuer.js';
import type { Vocabulary } from './vocabulary.js';
import { htmlStyleSheet, type HtmlLook } from './render-html-style.js';

/**
 * A stranger document (the same content and layout choices as render-stranger.ts draws with
 * pdf-lib) written as HTML and CSS, for Chromium to print: the blocks, columns and tables of
 * web-made invoices (flex rows, CSS grids, bordered tables), so that the text layer is one a
 * browser writes. The labels are drawn from `random`, the look from `chooseHtmlLook`.
 */
export function strangerHtml(
  content: SyntheticContent,
  layout: StrangerLayout,
  look: HtmlLook,
  random: Random,
): string {
  const page = new PageText(content, layout, look, random);
  const body = [
    page.head(),
    page.parties(),
    page.items(),
    page.totals(),
    page.taxes(),
    page.bottomSeller(),
    page.foot(),
  ];
  return `<!doctype html><html lang="${content.language}"><head><meta charset="utf-8"><style>${htmlStyleSheet(look)}</style></head><body class="${look.style}">${body.join('')}</body></html>`;
}

/** Text as HTML: `&`, `<`, `>` and quotes escaped. */
const esc = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const div = (cls: string, ...inner: string[]) => `<div class="${cls}">${inner.join('')}</div>`;

/** The pieces of one page, each as HTML, with the labels drawn once and shared. */
class PageText {
  private readonly v: Vocabulary;
  private readonly kind: 'invoice' | 'purchase_order';
  private readonly name: string;
  private readonly web: string | undefined;
  private readonly sellerUnder: string[];
  private readonly sellerHeading: string | undefined;

  constructor(
    private readonly content: SyntheticContent,
    private readonly layout: StrangerLayout,
    private readonly look: HtmlLook,
    private readonly random: Random,
  ) {
    this.v = content.vocabulary;
    this.kind = content.kind === 'purchase_order' ? 'purchase_order' : 'invoice';
    this.name = printedName(content, layout.identity);
    this.web = webOf(content, layout, random);
    const registration = layout.identity.registration ? [random.pick(this.v.registrations)] : [];
    this.sellerUnder = [...(this.web ? [this.web] : []), ...registration, ...this.partyLines(true)];
    this.sellerHeading = layout.sellerHeading
      ? random.pick([...this.v.seller[this.kind], ...this.v.seller_more])
      : undefined;
  }

  private get place() {
    return this.layout.identity.place;
  }

  /** The logo or letterhead and the title; the seller's block at the top where the identity puts it there. */
  head(): string {
    const { variety } = this.layout;
    const title = this.random.pick(this.v.titles[this.content.kind]);
    const head =
      variety.number === 'title' ? `${title} ${this.random.pick(this.v.number_short)} ${this.content.number}` : title;
    const titleText = titleWithDate(head, this.content, this.layout.when);
    // The dateline under the title, at the right ("Berlin, den 3. März 2024"; stranger-when.ts).
    const dateline = datelineText(this.content, this.layout.when);
    // Only a bare title is tracked (render-stranger.ts): a long one would run off the page.
    const tracked = titleText === title ? this.tracked('title') : '';
    const h1 = `<h1 class="title${titleText === head ? '' : ' dated'}"${tracked}>${esc(titleText)}</h1>`;
    const titleHtml = dateline ? `<div>${h1}<div class="dateline">${esc(dateline)}</div></div>` : h1;
    const own = this.layout.sellers;
    if (own.place === 'title-left') return this.titleLeft(titleText);
    if (own.place === 'two-lines') {
      const lines = own.lines.map((l) => (this.layout.identity.capitals ? l.toUpperCase() : l));
      return div('head', titleHtml, this.block('seller right', undefined, lines, [...this.content.seller.lines]));
    }
    if (this.place === 'right-top') return div('head', titleHtml, this.sellerBlock(undefined, 'seller right'));
    let logo = '';
    if (this.place === 'logo-only' || this.place === 'trading')
      logo = this.logo(printedName(this.content, this.layout.identity, false));
    else if (this.place === 'usual' && variety.letterhead === 'beside-logo')
      logo = div('letterhead', this.mark(), `<strong${this.tracked('name')}>${esc(this.name)}</strong>`);
    else if (this.place === 'usual' && this.layout.seller === 'logo')
      logo = this.logo(this.content.seller.name.split(' ')[0]!.toUpperCase());
    return div('head', logo || '<div></div>', titleHtml);
  }

  /** The title large at the left, the seller's name small under it or in a small block at the right (stranger-sellers.ts). */
  private titleLeft(titleText: string): string {
    const lines = this.content.seller.lines;
    const title = `<h1 class="title big">${esc(titleText)}</h1>`;
    if (this.layout.sellers.small === 'right')
      return div('head', title, this.block('seller right small', undefined, [this.name], [...lines]));
    const under = div('small', `<div>${esc(this.name)}</div>`, `<div>${esc(lines.join(', '))}</div>`);
    return div('head', `<div>${title}${under}</div>`, '<div></div>');
  }

  /** Both parties as labelled pairs, each section a table of label and value or "label value" lines. */
  private pairs(): string {
    const { pairs } = this.layout.sellers;
    const sections = [
      { party: this.content.seller, name: this.name, heading: pairs.headings?.[0], label: pairs.names[0] },
      { party: this.content.buyer, name: this.content.buyer.name, heading: pairs.headings?.[1], label: pairs.names[1] },
    ];
    if (!pairs.sellerFirst) sections.reverse();
    const html = sections.map((s) => {
      const rows = [
        [s.label, s.name],
        [pairs.street, s.party.lines[0]],
        [pairs.town, s.party.lines[1]],
      ];
      const heading = s.heading ? `<div class="pair-heading">${esc(s.heading)}</div>` : '';
      const body = pairs.inline
        ? rows.map(([l, v]) => `<div>${esc(`${l} ${v}`)}</div>`).join('')
        : `<table class="pairs">${rows.map(([l, v]) => `<tr><th>${esc(l!)}</th><td>${esc(v!)}</td></tr>`).join('')}</table>`;
      return div('pair-section', heading, body);
    });
    return div('pair-list', ...html);
  }

  /** A logo line: text set large, or the same text inside an SVG badge, as web invoices embed them. */
  private logo(text: string): string {
    if (this.look.logo === 'text') return `<div class="logo"${this.tracked('name')}>${esc(text)}</div>`;
    // The text is fitted to the badge (`textLength`): Chromium then places its glyphs one by one.
    const width = Math.round(text.length * 15 + 30);
    return `<svg class="logo" width="${width}" height="44" viewBox="0 0 ${width} 44"><rect x="1" y="1" width="${width - 2}" height="42" rx="8" fill="#1d3f6e"/><text x="15" y="30" font-size="22" font-weight="bold" fill="#fff" textLength="${width - 30}" lengthAdjust="spacingAndGlyphs">${esc(text)}</text></svg>`;
  }

  /** A letter-spaced part's style attribute (CSS letter-spacing), or nothing (stranger-tracking.ts). */
  private tracked(part: 'name' | 'title'): string {
    const em = trackingEm(this.layout.tracking, part);
    return em === undefined ? '' : ` style="letter-spacing: ${em}em"`;
  }

  /** A drawn mark beside a letterhead's name: an image with no text. */
  private mark(): string {
    return '<svg class="mark" width="30" height="30" viewBox="0 0 30 30"><circle cx="15" cy="15" r="14" fill="#33598f"/></svg>';
  }

  /** The buyer's block (with a "From" block or a sender line where the identity has them) and the labelled values. */
  parties(): string {
    const buyer = this.buyerBlock();
    const meta = this.layout.variety.meta === 'strip' ? '' : this.metaColumn();
    let left = buyer;
    if (this.place === 'from-block') {
      const heading = this.sellerHeading ?? this.random.pick([...this.v.seller[this.kind], ...this.v.seller_more]);
      left = div('pair', this.sellerBlock(heading, 'seller'), buyer);
    } else if (this.place === 'window') left = this.senderLine() + buyer;
    const own = this.layout.sellers;
    if (own.place === 'labelled') left = this.pairs();
    else if (own.place === 'ship-bill') {
      const { buyer: party } = this.content;
      const delivery = this.block('ship', own.shipTo.heading, [party.name], [own.shipTo.street, party.lines[1]]);
      left = div('pair', buyer, delivery);
    }
    const right =
      this.place === 'usual' && this.layout.seller === 'right'
        ? div('side', meta, this.sellerBlock(this.sellerHeading, 'seller right'))
        : meta;
    const strip = this.layout.variety.meta === 'strip' ? this.metaStrip() : '';
    return div('parties', div('side', left), right) + strip;
  }

  private buyerBlock(): string {
    const { variety, contact } = this.layout;
    const heading = this.random.pick(
      variety.buyerHeading === 'more' ? this.v.buyer_more[this.kind] : this.v.buyer[this.kind],
    );
    const person = contact === 'none' ? undefined : this.random.pick(this.v.people);
    const labelled = person && contact === 'labelled' ? [`${this.random.pick(this.v.contact_labels)} ${person}`] : [];
    const above = person && contact === 'above' ? [person] : [];
    const lines = [...this.content.buyer.lines, ...labelled, ...this.partyLines(false)];
    const big = this.place === 'window' ? ' big' : '';
    return div(
      `party buyer${big}`,
      this.place === 'window' ? '' : `<div class="heading">${esc(heading)}</div>`,
      ...above.map((l) => `<div>${esc(l)}</div>`),
      `<div class="name">${esc(this.content.buyer.name)}</div>`,
      ...lines.map((l) => `<div>${esc(l)}</div>`),
    );
  }

  /** The seller's block: heading, name (on one or two lines), address, web, registration and contacts. */
  private sellerBlock(heading: string | undefined, cls: string): string {
    const under = [...underName(this.layout.issuer), ...this.content.seller.lines, ...this.sellerUnder];
    return this.block(cls, heading, nameLines(this.name, this.layout.identity), under);
  }

  private block(cls: string, heading: string | undefined, names: string[], lines: string[]): string {
    return div(
      `party ${cls}`,
      heading ? `<div class="heading">${esc(heading)}</div>` : '',
      ...names.map((n) => `<div class="name">${esc(n)}</div>`),
      ...lines.map((l) => `<div>${esc(l)}</div>`),
    );
  }

  /** The window envelope's sender line: small and underlined, name and address run together. */
  private senderLine(): string {
    return `<div class="sender">${esc([this.name, ...this.content.seller.lines].join(' · '))}</div>`;
  }

  private metaRows(): [string, string][] {
    const { content, layout, v, random } = this;
    const rows: [string, string][] = [];
    if (layout.variety.number === 'labelled') rows.push([random.pick(v.number[content.kind]), content.number]);
    rows.push([random.pick(v.date[content.kind]), printDate(content.date, content.style)]);
    if (content.secondDate) {
      const more = layout.variety.dateLabel === 'more';
      const labels = this.kind === 'purchase_order' ? (more ? v.delivery_more : v.delivery) : more ? v.due_more : v.due;
      rows.push([random.pick(labels), printDate(content.secondDate, content.style)]);
    }
    if (layout.phone) rows.unshift([random.pick(v.phone_labels), random.pick(v.phones)]);
    return whenRows(withMoreDates(rows, content, layout.dates, random), content, layout.when);
  }

  /** Labels and values in two columns: a definition list, a grid or a bordered table, by the look. */
  private metaColumn(): string {
    const rows = this.metaRows();
    if (this.look.style === 'table')
      return `<table class="meta">${rows.map(([l, v]) => `<tr><th>${esc(l)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
    const cells = rows.map(([l, v]) => `<dt>${esc(l)}</dt><dd>${esc(v)}</dd>`).join('');
    return `<dl class="meta">${cells}</dl>`;
  }

  /** Headings across the page, each value under its heading. */
  private metaStrip(): string {
    const rows = this.metaRows().map(([l, v]) => [l.replace(/\s*:$/, ''), v] as const);
    return `<table class="strip"><tr>${rows.map(([l]) => `<th>${esc(l)}</th>`).join('')}</tr><tr>${rows.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>`;
  }

  private partyLines(seller: boolean): string[] {
    if (!this.layout.variety.partyContacts) return [];
    const phone = `${this.random.pick(this.v.phone_labels)} ${this.random.pick(this.v.phones)}`;
    return seller ? [phone, `${this.random.pick(this.v.person_labels)} ${this.random.pick(this.v.people)}`] : [phone];
  }

  private summary: [string, string][] | undefined;
  /** The amount left to pay: the total, or the balance under it. */
  private due: number | undefined;

  /** Subtotal, tax and total with their labels (drawn once: the table's last rows or the block at the right). */
  private summaryLines(): [string, string][] {
    const { v, content, random } = this;
    if (this.summary) return this.summary;
    const words = { subtotal: random.pick(v.subtotal), tax: random.pick(v.tax), total: random.pick(v.total) };
    const lines = summaryLines(content, this.layout.tax, words);
    // Bare amounts print no payment: unlabelled, a balance would be one more sum of the column.
    const dates = { ...this.layout.dates, balance: this.layout.totals === 'labelled' && this.layout.dates.balance };
    const summary = withBalance(lines, content, dates, random, summaryAt(this.layout.tax));
    this.due = summary.due;
    this.summary = summary.lines;
    return this.summary;
  }

  /** The item table: a table element, or rows of a CSS grid or of flex boxes, numbers right-aligned. */
  items(): string {
    const { v, content, random } = this;
    const perLine = this.layout.tax.perLine;
    const picked = [v.columns.description, v.columns.quantity, v.columns.unit_price, v.columns.amount].map((c) =>
      random.pick(c),
    );
    // A tax column per row stands before the amount.
    const withTax = (cells: string[], tax: string) => (perLine ? [...cells.slice(0, 3), tax, cells[3]!] : cells);
    const heads = withTax(picked, perLine?.head ?? '');
    const rows = content.rows.map((r, i) =>
      withTax(
        [
          r.description,
          quantityText(content, r.quantity),
          printMoney(r.unitPrice, content.style),
          printMoney(r.amount, content.style),
        ],
        perLine ? printMoney(perLine.amounts[i]!, content.style) : '',
      ),
    );
    const asRows = this.layout.totals === 'labelled' && this.layout.variety.totals === 'row';
    const foot = asRows ? this.summaryLines().map(([l, a]) => withTax([l, '', '', a], '')) : [];
    if (this.look.style === 'table') {
      const tr = (cells: string[], tag: string, cls = '') =>
        `<tr class="${cls}">${cells.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`;
      return `<table class="items"><thead>${tr(heads, 'th')}</thead><tbody>${rows.map((r) => tr(r, 'td')).join('')}</tbody><tfoot>${foot.map((r, i) => tr(r, 'td', i === this.layout.tax.totalAt ? 'grand' : '')).join('')}</tfoot></table>`;
    }
    const row = (cells: string[], cls: string) => div(`item ${cls}`, ...cells.map((c) => `<span>${esc(c)}</span>`));
    return div(
      perLine ? 'items five' : 'items',
      row(heads, 'headrow'),
      ...rows.map((r) => row(r, '')),
      ...foot.map((r, i) => row(r, i === this.layout.tax.totalAt ? 'sum grand' : 'sum')),
    );
  }

  /** The totals at the right: labelled (plain or in a box) or bare amounts; none where the table's rows hold them. */
  totals(): string {
    const labelled = this.layout.totals === 'labelled';
    if (labelled && this.layout.variety.totals === 'row') return '';
    const lines = this.summaryLines();
    const box = labelled && this.layout.variety.totals === 'box' ? ' box' : '';
    const cells = lines.map(([l, a], i) =>
      div(
        i === this.layout.tax.totalAt ? 'line grand' : 'line',
        labelled ? `<span>${esc(l)}</span>` : '<span></span>',
        `<span>${esc(a)}</span>`,
      ),
    );
    return div(`totals${box}`, ...cells);
  }

  /** The tax table (base, rate and amount under their heads) and a reverse charge or exemption note. */
  taxes(): string {
    const tax = this.layout.tax;
    const rows = taxTableRows(this.content, tax);
    const cells = (row: readonly string[], tag: string) => row.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('');
    const table = tax.table
      ? `<table class="taxes"><thead><tr>${cells(tax.table.heads, 'th')}</tr></thead><tbody>${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table>`
      : '';
    return table + (tax.note ? div('tax-note', esc(tax.note)) : '');
  }

  /** The seller's block under the totals, right-aligned, where the layout puts it at the bottom. */
  bottomSeller(): string {
    if (this.place !== 'usual' || this.layout.seller !== 'bottom') return '';
    return this.sellerBlock(this.sellerHeading, 'seller right bottom');
  }

  /** The closing (or the seller's name in a sentence, a bank block or a signature) and the footer. */
  foot(): string {
    const parts: string[] = [];
    let tookClosing = false;
    if (this.place === 'closing') {
      const how = this.random.pick(['sentence', 'bank', 'signature'] as const);
      if (how === 'sentence') {
        parts.push(
          `<p class="closing">${esc(this.random.pick(this.v.seller_sentences).replace('{name}', this.name))}</p>`,
        );
        tookClosing = true;
      } else if (how === 'bank') {
        const holder = `${this.random.pick(this.v.account_holder)} ${this.name}`;
        parts.push(div('bank', `<div>${esc(holder)}</div>`, `<div>${esc(this.random.pick(this.v.bank_lines))}</div>`));
      } else
        parts.push(
          div(
            'signature',
            `<div>${esc(this.random.pick(this.v.regards))}</div>`,
            `<div class="signed">${esc(this.name)}</div>`,
          ),
        );
    }
    const sentence = paymentSentence(this.content, this.layout.dates, this.due ?? this.content.total);
    if (sentence) parts.unshift(`<p class="closing">${esc(sentence)}</p>`);
    if (!tookClosing) parts.push(`<p class="closing grey">${esc(this.random.pick(this.v.closing))}</p>`);
    const printed = footerDateLine(this.content, this.layout.dates, this.random);
    return parts.join('') + this.footer() + (printed ? div('footer', `<div>${esc(printed)}</div>`) : '');
  }

  /** The footer: one centred line joined by " · ", or three columns (name and address, web and contacts, registration). */
  private footer(): string {
    const own = this.layout.sellers;
    const column = (lines: string[]) => `<div>${lines.map((l) => `<div>${esc(l)}</div>`).join('')}</div>`;
    // The name in capitals in the first column only, over its street and town (stranger-sellers.ts).
    if (own.place === 'footer-column')
      return div(
        'footer columns',
        column([this.name, ...this.content.seller.lines]),
        column(own.footer.bank),
        column([...own.footer.contact, ...(this.web ? [this.web] : [])]),
      );
    if (own.place === 'labelled' && !own.pairs.footer) return '';
    const usual = this.place === 'usual';
    const block = usual
      ? this.layout.seller === 'right' || this.layout.seller === 'bottom'
      : /^(from-block|right-top)$/.test(this.place);
    const named = usual || block || this.place === 'window';
    const first =
      this.place === 'trading'
        ? [tradingSentence(this.content, printedName(this.content, this.layout.identity, false), this.random)]
        : named
          ? [legalName(this.name, this.layout.issuer)]
          : [];
    const printed = usual
      ? this.layout.seller !== 'right' || this.random.chance(0.5)
      : !named || this.random.chance(0.5);
    if (!printed) return '';
    const more = block ? [] : this.sellerUnder;
    if (this.look.footer === 'columns') {
      return div(
        'footer columns',
        column([...first, ...this.content.seller.lines, ...this.layout.issuer.legal]),
        column(more.slice(0, 2)),
        column(more.slice(2)),
      );
    }
    const legal = [...first, ...this.content.seller.lines, ...this.layout.issuer.legal];
    const lines = [[...legal, ...(this.web && !block ? [this.web] : [])].join(' · ')];
    const rest = block ? [] : this.sellerUnder.filter((l) => l !== this.web);
    if (rest.length) lines.push(rest.join(' · '));
    return div('footer', ...lines.map((l) => `<div>${esc(l)}</div>`));
  }
}
