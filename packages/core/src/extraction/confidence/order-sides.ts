import type { DocumentView } from '../document-view.js';
import { fold } from '../layout/fold.js';
import { lexiconLabels } from '../labels/lexicon-labels.js';

/**
 * Boxes headed by who sends and who receives the document ("From" and "To", "Émetteur" and
 * "Adressé à", "Emisor" and "Enviar a", "Von" and "An": `document_side` in
 * lexicons/field-labels.json) name no side of a sale on an order. A buyer issues its purchase
 * order to the supplier and a seller its order confirmation to the customer, and ERP software
 * prints both with the same two boxes (Dolibarr's supplier and customer orders): on an invoice
 * the sender is the seller, on an order either party. A name a purchase order's party fields take
 * from such a page was placed by which box it stands in, a guess the page does not settle.
 */

const SIDE_HEADINGS: ReadonlySet<string> = new Set(lexiconLabels('document_side'));

/** A segment of the page that is a sender's or addressee's heading alone (a colon allowed after it). */
export function headedBySides(ctx: DocumentView): boolean {
  return ctx.lines.some((line) =>
    line.segments.some((segment) => SIDE_HEADINGS.has(fold(segment.text.trim().replace(/\s*:$/, '')))),
  );
}
