/**
 * Pages as pictures, for a person reviewing what extraction read: a renderer (an adapter such as
 * @intake/ocr-tesseract's, on pdfjs and sharp) and a cache of what it rendered.
 */

export interface RenderedPage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/webp';
  /** Pixels of the picture. */
  width: number;
  height: number;
}

export interface PageRenderer {
  /**
   * Renders page `page` (1-based) of a PDF or image `width` pixels wide, keeping its proportions
   * (boxes of field locations scale by width / page_width). Returns null when the document has no
   * such page. Throws DocumentError for a damaged document or one beyond its limits.
   */
  render(bytes: Uint8Array, mimeType: string, page: number, width: number): Promise<RenderedPage | null>;
}

/**
 * Rendered pages by key (the document's content hash, page and width: the same bytes always render
 * alike, so entries never go stale). A cache may forget any entry at any time.
 */
export interface PageImageCache {
  get(key: PageImageKey): Promise<RenderedPage | null>;
  put(key: PageImageKey, page: RenderedPage): Promise<void>;
  /** Forgets every rendering of a document (its blob was deleted). */
  deleteDocument(blobKey: string): Promise<void>;
}

export interface PageImageKey {
  /** The document's blob key (its SHA-256). */
  blobKey: string;
  page: number;
  width: number;
}
