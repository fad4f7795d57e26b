import { DOCUMENT_TYPES, INDICATORS, type DocumentType, type Indicator } from './indicators.js';

/**
 * Counts an indicator's occurrences in folded, space-padded text, leaving out those that stand
 * inside a longer indicator of another type: the "factura" of a Spanish till slip's "Factura
 * simplificada", the "invoice" of a receipt's "Simplified tax invoice", the "bon" of "Bon de
 * commande" belong to the longer phrase and count for its type only.
 */
export function hits(text: string, indicator: Indicator, type: DocumentType): number {
  const { phrase } = indicator;
  const around = ENCLOSING.get(`${type} ${phrase}`) ?? [];
  let n = 0;
  for (let i = text.indexOf(` ${phrase} `); i >= 0; i = text.indexOf(` ${phrase} `, i + 1)) {
    if (around.some(({ longer, offset }) => text.startsWith(longer, i - offset))) continue;
    n++;
  }
  return n;
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
