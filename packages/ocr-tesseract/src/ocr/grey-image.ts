/** 8-bit grey pixels, row by row: what every reading step passes on (a module of its own, so that
 * the steps import it without importing each other). */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}
