import { printDate, printMoney, type DateStyle } from './formats.js';
import type { SyntheticContent } from './document.js';
import type { Random } from './random.js';

/**
 * The other dates and amounts a stranger's invoice prints beside its own date and total: a service
 * period, the buyer's order date, a date of supply, a form's printed date in the footer, the total
 * again in a payment sentence with the due date, a payment or credit and the balance left under the
 * total, the net's label as "Total excl. VAT", and written date styles the corpus seldom prints.
 * Drawn after every other stranger choice, so that a seed's earlier choices stay as they were.
 * The ground truth does not change: the document's date and its gross total stay the values.
 */
export interface StrangerDates {
  /** A dated row among the labelled values, before or after the document's date. */
  extra: 'none' | 'period' | 'order' | 'supply';
  /** Where that row stands: before the document's date (read first) or after it. */
  extraFirst: boolean;
  /** A form's printed date ("Printed on 05/01/2023", "Stand: 01.01.2023") on a footer line of its own. */
  footerDate: boolean;
  /** Invoices: a sentence that repeats the amount to pay and the due date above the closing. */
  sentence: boolean;
  /** Invoices: a payment or credit and the balance left, under the total. */
  balance: boolean;
  /** The net's label from the gross-versus-net words ("Total excl. VAT", "Gesamt netto", "Total HT"). */
  netLabel: 'usual' | 'excl';
  /** A written date style in place of the document's (`STYLES`), or the style as chosen; a fraction picks one. */
  style: 'kept' | 'more';
  stylePick: number;
}

export function chooseStrangerDates(random: Random): StrangerDates {
  return {
    extra: random.pick(['none', 'period', 'order', 'supply'] as const),
    extraFirst: random.chance(0.5),
    footerDate: random.chance(0.3),
    sentence: random.chance(0.3),
    balance: random.chance(0.3),
    netLabel: random.chance(0.4) ? 'excl' : 'usual',
    style: random.chance(0.35) ? 'more' : 'kept',
    stylePick: random.next(),
  };
}

export function describeStrangerDates(d: StrangerDates): string {
  const extra = d.extra === 'none' ? 'none' : `${d.extra}-${d.extraFirst ? 'first' : 'after'}`;
  return `more-date=${extra} footer-date=${d.footerDate} pay-sentence=${d.sentence} balance=${d.balance} net-label=${d.netLabel} more-date-style=${d.style}`;
}

/** Written styles per language, for `style: 'more'`. */
const STYLES: Record<string, DateStyle[]> = {
  en: ['d-ord-month-y', 'mon-dot-d-y', 'd-mon-yy-caps', 'dmy-dot-bare'],
  de: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  fr: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  es: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  nl: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  it: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  pt: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
  pl: ['d-ord-month-y', 'dmy-dot-bare', 'd-mon-yy-caps'],
};

/** The content printed in the chosen written style: the ISO dates stay. */
export function restyleDates(content: SyntheticContent, dates: StrangerDates): SyntheticContent {
  if (dates.style === 'kept') return content;
  const list = STYLES[content.language] ?? STYLES.en!;
  const style = list[Math.min(list.length - 1, Math.floor(dates.stylePick * list.length))]!;
  return { ...content, style: { ...content.style, dates: style, language: content.language } };
}

const WORDS: Record<string, Record<'period' | 'order' | 'quote' | 'supply' | 'printed', string[]>> = {
  en: {
    period: ['Billing period', 'Service period', 'Period'],
    order: ['Your order of', 'Customer PO date', 'Order date'],
    quote: ['Quotation date', 'Quote of'],
    supply: ['Tax point', 'Date of supply', 'Delivery date'],
    printed: ['Printed on', 'Form revised', 'Terms as of'],
  },
  de: {
    period: ['Leistungszeitraum', 'Abrechnungszeitraum'],
    order: ['Ihre Bestellung vom', 'Bestelldatum', 'Auftragsdatum'],
    quote: ['Angebot vom', 'Angebotsdatum'],
    supply: ['Lieferdatum', 'Leistungsdatum'],
    printed: ['Stand:', 'Gedruckt am', 'AGB Stand'],
  },
  fr: {
    period: ['Période de facturation', 'Période'],
    order: ['Votre commande du', 'Date de commande'],
    quote: ['Devis du', 'Date du devis'],
    supply: ['Date de livraison', 'Date de prestation'],
    printed: ['Édité le', 'Conditions générales au'],
  },
  es: {
    period: ['Periodo de facturación', 'Periodo'],
    order: ['Su pedido del', 'Fecha de pedido'],
    quote: ['Presupuesto del', 'Fecha de oferta'],
    supply: ['Fecha de entrega', 'Fecha de operación'],
    printed: ['Impreso el', 'Condiciones a'],
  },
  nl: {
    period: ['Factuurperiode', 'Periode'],
    order: ['Uw bestelling van', 'Besteldatum'],
    quote: ['Offerte van', 'Offertedatum'],
    supply: ['Leverdatum', 'Leveringsdatum'],
    printed: ['Afgedrukt op', 'Voorwaarden per'],
  },
  it: {
    period: ['Periodo di fatturazione', 'Periodo'],
    order: ['Vs. ordine del', 'Data ordine'],
    quote: ['Preventivo del', 'Data preventivo'],
    supply: ['Data consegna', 'Data DDT'],
    printed: ['Stampato il', 'Condizioni generali al'],
  },
  pt: {
    period: ['Período de faturação', 'Período'],
    order: ['V/ encomenda de', 'Data da encomenda'],
    quote: ['Orçamento de', 'Data do orçamento'],
    supply: ['Data de entrega', 'Data de carga'],
    printed: ['Impresso em', 'Condições gerais em'],
  },
  pl: {
    period: ['Okres rozliczeniowy', 'Okres'],
    order: ['Wasze zamówienie z dnia', 'Data zamówienia'],
    quote: ['Oferta z dnia', 'Data oferty'],
    supply: ['Data sprzedaży', 'Data dostawy'],
    printed: ['Wydrukowano', 'Warunki ogólne z dnia'],
  },
};

const wordsOf = (content: SyntheticContent) => WORDS[content.language] ?? WORDS.en!;

/** `iso` moved by `days`. */
function shifted(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The month before the document's date, printed as a period: "01.03.-31.03.2024", "July 1 - July 31, 2024". */
function periodText(content: SyntheticContent): string {
  const [y, m] = content.date.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  const style = content.style;
  if (style.dates === 'dmy-dot') return `${start.slice(8)}.${start.slice(5, 7)}.-${printDate(end, style)}`;
  if (style.dates === 'month-d-y') {
    const month = style.months[Number(start.slice(5, 7)) - 1]!;
    return `${month} 1 - ${month} ${Number(end.slice(8))}, ${end.slice(0, 4)}`;
  }
  return `${printDate(start, style)} - ${printDate(end, style)}`;
}

/**
 * The labelled values with the extra dated row: before or after the document's date row (the row
 * whose value is the document's printed date).
 */
export function withMoreDates(
  rows: [string, string][],
  content: SyntheticContent,
  dates: StrangerDates,
  random: Random,
): [string, string][] {
  // A service period belongs to an invoice; an order prints none.
  if (dates.extra === 'none' || (dates.extra === 'period' && content.kind !== 'invoice')) return rows;
  const words = wordsOf(content);
  const order = content.kind === 'purchase_order';
  let row: [string, string];
  if (dates.extra === 'period') row = [random.pick(words.period), periodText(content)];
  else if (dates.extra === 'order')
    row = [
      random.pick(order ? words.quote : words.order),
      printDate(shifted(content.date, -random.int(3, 25)), content.style),
    ];
  else row = [random.pick(words.supply), printDate(shifted(content.date, -random.int(1, 12)), content.style)];
  const at = rows.findIndex(([, value]) => value === printDate(content.date, content.style));
  const out = [...rows];
  out.splice(at < 0 ? out.length : dates.extraFirst ? at : at + 1, 0, row);
  return out;
}

const GROSS: Record<string, string[]> = {
  en: ['Total', 'Invoice Total', 'Grand Total'],
  de: ['Gesamtbetrag', 'Rechnungsbetrag', 'Gesamt brutto'],
  fr: ['Total TTC', 'Montant TTC'],
  es: ['Total', 'Importe total', 'Total factura'],
  nl: ['Totaal', 'Totaal incl. btw', 'Factuurbedrag'],
  it: ['Totale', 'Totale fattura', 'Totale documento'],
  pt: ['Total', 'Total da fatura', 'Total com IVA'],
  pl: ['Razem brutto', 'Wartość brutto', 'Suma brutto'],
};
const NET: Record<string, string[]> = {
  en: ['Total excl. VAT', 'Total net', 'Net total'],
  de: ['Gesamt netto', 'Summe netto', 'Nettobetrag gesamt'],
  fr: ['Total hors taxes', 'Total HT'],
  es: ['Total sin IVA', 'Importe neto'],
  nl: ['Totaal excl. btw', 'Netto totaal'],
  it: ['Totale imponibile', 'Totale netto'],
  pt: ['Total sem IVA', 'Base tributável'],
  pl: ['Razem netto', 'Wartość netto'],
};
const PAID: Record<string, string[]> = {
  en: ['Amount paid', 'Less payment received', 'Deposit received', 'Credit applied'],
  de: ['Anzahlung', 'Bereits bezahlt', 'Gutschrift'],
  fr: ['Acompte versé', 'Déjà réglé', 'Avoir'],
  es: ['Anticipo', 'Ya pagado', 'Abono'],
  nl: ['Reeds betaald', 'Aanbetaling', 'Creditnota'],
  it: ['Acconto', 'Già pagato', 'Nota di credito'],
  pt: ['Adiantamento', 'Já pago', 'Nota de crédito'],
  pl: ['Zaliczka', 'Zapłacono', 'Korekta'],
};
const BALANCE: Record<string, string[]> = {
  en: ['Balance due', 'Amount due', 'Balance'],
  de: ['Restbetrag', 'Offener Betrag', 'Noch zu zahlen'],
  fr: ['Reste à payer', 'Solde dû', 'Net à payer'],
  es: ['Saldo pendiente', 'Importe pendiente', 'Total a pagar'],
  nl: ['Openstaand saldo', 'Nog te betalen', 'Te betalen'],
  it: ['Saldo da pagare', 'Residuo', 'Netto a pagare'],
  pt: ['Saldo em dívida', 'Valor em falta', 'Total a pagar'],
  pl: ['Pozostało do zapłaty', 'Do zapłaty', 'Saldo'],
};

/** The part of the total a payment or credit took, so the balance is what is left. */
const paidOf = (content: SyntheticContent, random: Random) =>
  Math.round(content.total * (0.2 + random.next() * 0.5) * 100) / 100;

/**
 * The summary lines (net, tax, total) with the net's label from the net words, the total's from the
 * gross words where a balance follows (so no label says the total is what is due), and a payment and
 * the balance under the total. Returns the lines and the amount left to pay.
 */
export function withBalance(
  lines: [string, string][],
  content: SyntheticContent,
  dates: StrangerDates,
  random: Random,
  at: { net: number | null; total: number } = { net: 0, total: 2 },
): { lines: [string, string][]; due: number } {
  const lang = content.language;
  const out = lines.map((l) => [...l] as [string, string]);
  if (dates.netLabel === 'excl' && at.net !== null && out[at.net]) out[at.net]![0] = random.pick(NET[lang] ?? NET.en!);
  if (!dates.balance || content.kind !== 'invoice') return { lines: out, due: content.total };
  if (out[at.total]) out[at.total]![0] = random.pick(GROSS[lang] ?? GROSS.en!);
  const paid = paidOf(content, random);
  const due = Math.round((content.total - paid) * 100) / 100;
  out.push([random.pick(PAID[lang] ?? PAID.en!), printMoney(-paid, content.style)]);
  out.push([random.pick(BALANCE[lang] ?? BALANCE.en!), printMoney(due, content.style)]);
  return { lines: out, due };
}

const SENTENCE: Record<string, [string, string]> = {
  en: ['Please pay {amount} by {date}.', 'Please pay {amount} within 14 days.'],
  de: ['Bitte überweisen Sie {amount} bis zum {date}.', 'Bitte überweisen Sie {amount} innerhalb von 14 Tagen.'],
  fr: ['Merci de régler {amount} avant le {date}.', 'Merci de régler {amount} sous 14 jours.'],
  es: ['Le rogamos abone {amount} antes del {date}.', 'Le rogamos abone {amount} en 14 días.'],
  nl: ['Gelieve {amount} te betalen vóór {date}.', 'Gelieve {amount} binnen 14 dagen te betalen.'],
  it: ['Si prega di pagare {amount} entro il {date}.', 'Si prega di pagare {amount} entro 14 giorni.'],
  pt: ['Agradecemos o pagamento de {amount} até {date}.', 'Agradecemos o pagamento de {amount} no prazo de 14 dias.'],
  pl: ['Prosimy o wpłatę {amount} do dnia {date}.', 'Prosimy o wpłatę {amount} w terminie 14 dni.'],
};

/** Invoices: the amount to pay again in a sentence, with the due date where the invoice has one. */
export function paymentSentence(content: SyntheticContent, dates: StrangerDates, due: number): string | undefined {
  if (!dates.sentence || content.kind !== 'invoice') return undefined;
  const [dated, bare] = SENTENCE[content.language] ?? SENTENCE.en!;
  const amount = printMoney(due, content.style);
  if (!content.secondDate) return bare.replace('{amount}', amount);
  return dated.replace('{amount}', amount).replace('{date}', printDate(content.secondDate, content.style));
}

/** A form's printed date, a year or two before the document's, for a footer line of its own. */
export function footerDateLine(content: SyntheticContent, dates: StrangerDates, random: Random): string | undefined {
  if (!dates.footerDate) return undefined;
  const printed = shifted(content.date, -random.int(200, 800));
  return `${random.pick(wordsOf(content).printed)} ${printDate(printed, content.style)}`;
}
