import type { AuthContext } from '../keys/index.js';
import type { BlobStore } from '../ports/blob-store.port.js';
import type { BoundingBox, DocumentPage, DocumentReader } from '../ports/document-reader.port.js';
import type { PageImageCache, PageRenderer, RenderedPage } from '../ports/page-images.port.js';
import type { JobQueries } from '../jobs/index.js';
import { AppError, invalidRequest, notFound } from '../shared/errors.js';
import { DocumentError } from '../shared/document-error.js';

export interface PageImagesOptions {
  minWidth: number;
  maxWidth: number;
  /** Widths are rounded to a multiple of this, so a client cannot fill the cache with one entry per pixel. */
  widthStep: number;
}

export const DEFAULT_PAGE_IMAGE_OPTIONS: PageImagesOptions = { minWidth: 100, maxWidth: 2000, widthStep: 50 };

export interface PageImagesDeps {
  jobs: JobQueries;
  blobs: BlobStore;
  renderer: PageRenderer;
  cache: PageImageCache;
  /** Reads the words of a page for `words` (the review screen's click on a word). */
  reader?: DocumentReader;
  options?: Partial<PageImagesOptions>;
}

/** The words of one page with their boxes, in the page's units (as field_locations). */
export interface PageWords {
  page: number;
  page_width: number;
  page_height: number;
  source: DocumentPage['source'];
  words: { text: string; box: BoundingBox }[];
}

/** Documents whose words are kept in memory: a reviewer clicks through a document's pages one after the other. */
const WORDS_CACHED = 16;
/** Documents the renderer refused, kept so that a repeated picture request does not draw them again. */
const REFUSALS_CACHED = 64;

export interface PageImage extends RenderedPage {
  /** Whether it came from the cache. */
  cached: boolean;
}

/**
 * A job's document page as a picture. The job is looked up with the caller's organization and mode
 * first, so a page is shown exactly to those who may read the job.
 */
export class PageImages {
  private readonly options: PageImagesOptions;
  /** Read documents by blob key, newest last (a Map keeps insertion order: the first is the oldest). */
  private readonly read = new Map<string, Promise<DocumentPage[]>>();
  /** The renderer's DocumentError by blob key, newest last. */
  private readonly refused = new Map<string, DocumentError>();

  constructor(private readonly deps: PageImagesDeps) {
    this.options = { ...DEFAULT_PAGE_IMAGE_OPTIONS, ...deps.options };
  }

  /** The width actually rendered for a requested one (bounded, rounded to the step). */
  widthFor(requested: number): number {
    const { minWidth, maxWidth, widthStep } = this.options;
    if (!Number.isInteger(requested) || requested < minWidth || requested > maxWidth) {
      throw invalidRequest(`width must be an integer from ${minWidth} to ${maxWidth}`, [
        { path: 'width', message: `from ${minWidth} to ${maxWidth}` },
      ]);
    }
    return Math.min(maxWidth, Math.max(minWidth, Math.round(requested / widthStep) * widthStep));
  }

  async page(auth: AuthContext, jobId: string, page: number, requestedWidth: number): Promise<PageImage> {
    const width = this.widthFor(requestedWidth);
    const job = await this.deps.jobs.get(auth.orgId, auth.environment, jobId);
    if (!Number.isInteger(page) || page < 1 || page > job.page_count) throw notFound(`Page ${page} of job`, jobId);
    const key = { blobKey: job.blob_key, page, width };
    const hit = await this.deps.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const refusal = this.refused.get(job.blob_key);
    if (refusal) throw cannotRender(refusal);
    const bytes = await this.deps.blobs.get(job.blob_key);
    if (!bytes) throw notFound('Document of job', jobId);
    const rendered = await this.render(job.blob_key, bytes, job.mime_type, page, width);
    if (!rendered) throw notFound(`Page ${page} of job`, jobId);
    await this.deps.cache.put(key, rendered);
    return { ...rendered, cached: false };
  }

  /** The words of page `page` (1-based) of a job's document, read by the reader the extraction used. */
  async words(auth: AuthContext, jobId: string, page: number): Promise<PageWords> {
    const job = await this.deps.jobs.get(auth.orgId, auth.environment, jobId);
    const reader = this.deps.reader;
    if (!reader || !Number.isInteger(page) || page < 1 || page > job.page_count)
      throw notFound(`Words of page ${page} of job`, jobId);
    // The job's own verdict, shared by every daemon: a document too large for the reader stays so.
    if (job.status === 'failed' && job.error_details?.code === 'document_too_large')
      throw cannotRead(
        new DocumentError('document_too_large', job.error_details.message, job.error_details.suggestion),
      );
    let pages = this.read.get(job.blob_key);
    if (!pages) {
      const bytes = await this.deps.blobs.get(job.blob_key);
      if (!bytes) throw notFound('Document of job', jobId);
      pages = reader.read(bytes, job.mime_type).then((doc) => doc.pages);
      this.read.set(job.blob_key, pages);
      if (this.read.size > WORDS_CACHED) this.read.delete(this.read.keys().next().value!);
      // The reader's verdict on the document (too large, unreadable) is kept like its words, so a
      // repeated call does not read it again; any other failure is not: the next request tries again.
      pages.catch((error: unknown) => {
        if (!(error instanceof DocumentError)) this.read.delete(job.blob_key);
      });
    }
    let found: DocumentPage | undefined;
    try {
      found = (await pages).find((p) => p.number === page);
    } catch (error) {
      if (error instanceof DocumentError) throw cannotRead(error);
      throw error;
    }
    if (!found) throw notFound(`Words of page ${page} of job`, jobId);
    return {
      page,
      page_width: found.width,
      page_height: found.height,
      source: found.source,
      words: found.words.map((w) => ({ text: w.text, box: w.bbox })),
    };
  }

  /** Forgets a deleted document: its cached pictures and the words read from it. */
  async forgetDocument(blobKey: string): Promise<void> {
    this.read.delete(blobKey);
    this.refused.delete(blobKey);
    await this.deps.cache.deleteDocument(blobKey);
  }

  private async render(
    blobKey: string,
    bytes: Uint8Array,
    mimeType: string,
    page: number,
    width: number,
  ): Promise<RenderedPage | null> {
    try {
      return await this.deps.renderer.render(bytes, mimeType, page, width);
    } catch (error) {
      // The document could be stored but not drawn (a job that failed as unreadable): say so, as a conflict with its state.
      if (!(error instanceof DocumentError)) throw error;
      this.refused.set(blobKey, error);
      if (this.refused.size > REFUSALS_CACHED) this.refused.delete(this.refused.keys().next().value!);
      throw cannotRender(error);
    }
  }
}

const cannotRead = (error: DocumentError): AppError =>
  new AppError('conflict', `The document cannot be read: ${error.message}`, { cause: error });

const cannotRender = (error: DocumentError): AppError =>
  new AppError('conflict', `The document cannot be rendered: ${error.message}`, { cause: error });
