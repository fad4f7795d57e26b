import type { PageImageCache, PageImageKey, RenderedPage } from '../../ports/page-images.port.js';

/** Rendered pages in a Map: for tests and embedders that need no persistence. */
export class MemoryPageImageCache implements PageImageCache {
  readonly entries = new Map<string, RenderedPage>();

  async get(key: PageImageKey): Promise<RenderedPage | null> {
    return this.entries.get(id(key)) ?? null;
  }

  async put(key: PageImageKey, page: RenderedPage): Promise<void> {
    this.entries.set(id(key), page);
  }

  async deleteDocument(blobKey: string): Promise<void> {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${blobKey}/`)) this.entries.delete(key);
  }
}

const id = (key: PageImageKey): string => `${key.blobKey}/${key.page}/${key.width}`;
