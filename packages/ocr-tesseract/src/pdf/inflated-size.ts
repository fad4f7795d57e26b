/**
 * What a PDF's compressed streams inflate to, measured with zlib before pdfjs parses anything. pdfjs
 * inflates a stream into one growing buffer, outside the JavaScript heap that a thread's memory
 * limit bounds, so a 1 MB file whose content stream inflates to 1 GiB would be read whole (and once
 * per page that shares it). Here each stream is inflated in 1 MiB pieces that are counted and
 * dropped, and the count stops once it passes the cap: a bomb costs at most the cap's worth of
 * zlib (about 0.7 s for 512 MiB on a loaded machine here), once per document.
 *
 * Streams are found by their `stream` keyword and a zlib header right after it (what pdfjs'
 * FlateStream requires too), and zlib decides where each ends, so a wrong or indirect /Length does
 * not matter. A second filter under the first (nested Flate, LZW) is not inflated here: what it
 * costs pdfjs is bounded by the thread's time budget.
 */
import zlib from 'node:zlib';

const KEYWORD = Buffer.from('stream');
const END = Buffer.from('end');
const CHUNK_BYTES = 1024 * 1024;

/** The bytes every zlib stream of `pdf` inflates to, counted up to just past `max`. */
export async function inflatedSize(pdf: Uint8Array, max: number): Promise<number> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  for (let at = bytes.indexOf(KEYWORD); at !== -1 && total <= max; at = bytes.indexOf(KEYWORD, at + 1)) {
    const start = streamData(bytes, at);
    if (start !== -1) total += await inflatedBytes(bytes.subarray(start), max - total);
  }
  return total;
}

/** Where the data of the stream whose keyword is at `at` begins, or -1 (`endstream`, or no zlib data). */
function streamData(bytes: Buffer, at: number): number {
  if (at >= END.length && bytes.subarray(at - END.length, at).equals(END)) return -1;
  let start = at + KEYWORD.length;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  return isZlibHeader(bytes[start], bytes[start + 1]) ? start : -1;
}

/** RFC 1950: method 8 (deflate), and the two bytes a multiple of 31. */
function isZlibHeader(cmf: number | undefined, flg: number | undefined): boolean {
  return cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/**
 * Inflates `data` until zlib reaches the end of its stream (what follows is ignored), it fails (a
 * damaged stream counts as far as it inflates), or more than `budget` bytes came out.
 */
function inflatedBytes(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ chunkSize: CHUNK_BYTES });
    let count = 0;
    inflate.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > budget) {
        inflate.destroy();
        resolve(count);
      }
    });
    inflate.on('end', () => resolve(count));
    inflate.on('error', () => resolve(count));
    inflate.end(data);
  });
}
