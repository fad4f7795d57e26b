import type { BoundingBox } from '../../ports/document-reader.port.js';

/**
 * Where a field's value came from on the page, for a reviewer to see (and a later document of the
 * same vendor to learn from). Boxes are in the page's own units (PDF points, image pixels), origin
 * top-left, with the page's size beside them so a client can scale them to any rendering.
 */

/** A rectangle on one page. `page` is 1-based, the same number as `GET /v1/documents/{id}/pages/{n}`. */
export interface PageBox {
  page: number;
  box: BoundingBox;
  page_width: number;
  page_height: number;
}

/** The label a value was read beside ("Invoice No.", "Total"). */
export interface LabelLocation extends PageBox {
  text: string;
}

/** One line-item row: its box, and the box of each cell that was read (by the item's member names). */
export interface RowLocation extends PageBox {
  cells: Record<string, PageBox>;
}

export type LocationSource = 'label' | 'layout' | 'fallback' | 'xml' | 'table' | 'nested' | 'default' | 'correction';

export interface FieldLocation {
  /** How the value was found; `xml` for an embedded e-invoice (no box), `correction` for a person's value. */
  source: LocationSource;
  /** The words the value was read from (absent for XML values, defaults and corrections). */
  page?: number;
  box?: BoundingBox;
  page_width?: number;
  page_height?: number;
  label?: LabelLocation;
  /** Array fields read from a table: one entry per row, in the order of the value's elements. */
  rows?: RowLocation[];
  /** Object fields: each member's location. */
  fields?: Record<string, FieldLocation>;
  /** A person corrected (or confirmed) the value: its confidence is 1. */
  corrected?: true;
  /** The value was found through a hint learned from an earlier corrected document of the vendor. */
  learned?: true;
}

export type FieldLocations = Record<string, FieldLocation>;

/** The smallest box holding all the given boxes. */
export function unionBox(boxes: BoundingBox[]): BoundingBox | null {
  if (boxes.length === 0) return null;
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}
