/**
 * Decompression bombs, made with zlib and pdf-lib: for the bomb test
 * (test/api/decompression-bomb.test.ts) and the outsider trial (test/bench/bomb/run.ts).
 */
import zlib from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';

export const MIB = 1024 * 1024;

/** `mib` MiB of spaces, deflated (1 GiB gives about 1 MB): zlib runs it on its thread pool, 1 MiB at a time. */
export async function deflatedSpaces(mib = 1024): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9, memLevel: 9, chunkSize: MIB });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const spaces = Buffer.alloc(MIB, 0x20);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** `pages` A4 pages whose /Contents is one shared FlateDecode stream; `salt` makes the file unique. */
export async function bombPdf(stream: Buffer, pages: number, salt: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`bomb ${salt}`);
  const contents = doc.context.register(doc.context.stream(stream, { Filter: 'FlateDecode' }));
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).node.set(PDFName.of('Contents'), contents);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
