import fs from 'node:fs/promises';
import path from 'node:path';
import { type PageImageCache, type PageImageKey, type RenderedPage } from '@intake/core/ports';

const KEY = /^[0-9a-f]{64}$/;

/**
 * Rendered pages as PNG files under a directory: `<blob key>/<page>-<width>.png`. A cache, so
 * nothing is synced: a file lost in a crash is rendered again. Files are written under a temporary
 * name and renamed, so a reader never sees half of one; one that does not read as a PNG is a miss.
 * A document's renderings go when retention deletes its blob (deleteDocument), so the directory holds
 * at most (widths) x (pages) files per stored document.
 */
export class FilePageImageCache implements PageImageCache {
  constructor(private readonly root: string) {}

  private dirOf(blobKey: string): string {
    if (!KEY.test(blobKey)) throw new Error(`not a blob key: ${blobKey}`);
    return path.join(this.root, blobKey);
  }

  private fileOf(key: PageImageKey): string {
    return path.join(this.dirOf(key.blobKey), `${Math.trunc(key.page)}-${Math.trunc(key.width)}.png`);
  }

  async get(key: PageImageKey): Promise<RenderedPage | null> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.fileOf(key));
    } catch {
      return null;
    }
    const size = pngSize(bytes);
    return size ? { bytes: new Uint8Array(bytes), contentType: 'image/png', ...size } : null;
  }

  async put(key: PageImageKey, page: RenderedPage): Promise<void> {
    if (page.contentType !== 'image/png') return;
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, page.bytes);
    await fs.rename(temporary, file);
  }

  async deleteDocument(blobKey: string): Promise<void> {
    await fs.rm(this.dirOf(blobKey), { recursive: true, force: true });
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (bytes 16 to 23), or null for anything else. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
