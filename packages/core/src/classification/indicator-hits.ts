import citations from './order-citations.json' with { type: 'json' };
import { DOCUMENT_TYPES, INDICATORS, type DocumentType, type Indicator } from './indicators.js';

/**
 * Counts an indicator's occurrences in folded, space-padded text, leaving out two kinds that are
 * not evidence of its type:
 *
 * - words that stand inside a longer indicator of another type: the "factura" of a Spanish till
 *   slip's "Factura simplificada", the "invoice" of a receipt's "Simplified tax invoice", the "bon"
 *   of "Bon de commande" belong to the longer phrase and count for its type only;
 * - an order's words after a word that makes the order the reader's (order-citations.json, per
 *   language: "your", "Ihre", "votre", "su", "vostro", "uw", "vossa", "Państwa"): "Your purchase
 *   order", "Ihre Bestellnummer", "Su pedido" cite the order a document answers (an invoice, an
 *   order confirmation, a shop's receipt), while the buyer's own order speaks of "our" order.
 */
export function hits(text: string, indicator: Indicator, type: DocumentType): number {
  const { phrase } = indicator;
  const around = ENCLOSING.get(`${type} ${phrase}`) ?? [];
  let n = 0;
  for (let i = text.indexOf(` ${phrase} `); i >= 0; i = text.indexOf(` ${phrase} `, i + 1)) {
    if (around.some(({ longer, offset }) => text.startsWith(longer, i - offset))) continue;
    if (type === 'purchase_order' && CITING.has(wordBefore(text, i))) continue;
    n++;
  }
  return n;
}

const CITING = new Set(Object.values(citations as Record<string, string[]>).flat());

function wordBefore(text: string, at: number): string {
  return text.slice(text.lastIndexOf(' ', at - 1) + 1, at);
}

/**
 * For each type's indicator phrase (keyed "type phrase"), the longer phrases of the other types
 * that hold it as whole words, padded, with the offset of each place it stands in them.
 */
const ENCLOSING: Map<string, { longer: string; offset: number }[]> = (() => {
  const all = DOCUMENT_TYPES.flatMap((type) => INDICATORS[type].map(({ phrase }) => ({ type, phrase })));
  const map = new Map<string, { longer: string; offset: number }[]>();
  for (const inner of all) {
    for (const outer of all) {
      if (outer.type === inner.type || outer.phrase.length <= inner.phrase.length) continue;
      const longer = ` ${outer.phrase} `;
      for (let at = longer.indexOf(` ${inner.phrase} `); at >= 0; at = longer.indexOf(` ${inner.phrase} `, at + 1)) {
        const key = `${inner.type} ${inner.phrase}`;
        map.set(key, [...(map.get(key) ?? []), { longer, offset: at }]);
      }
    }
  }
  return map;
})();
