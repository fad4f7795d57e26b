/**
 * Renders the text-layer PDFs of a labelled corpus as scans, the way ../shared/tools/make-scans.sh
 * does (150 dpi grey, a 0.7° turn, Gaussian noise, JPEG quality 90, one image-only PDF per document,
 * the same expected.json with kind "scan"). That script needs ImageMagick; this one does the image
 * steps with sharp, so it runs wherever the repository's dependencies do. Needs pdftoppm and img2pdf
 * (Debian: poppler-utils, img2pdf). Existing outputs are kept, so a second run costs nothing.
 *
 *   tsx packages/extraction-lab/src/corpus/make-scans.ts SRC_DIR OUT_DIR
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createRandom, seedOf } from '../synthetic/random.js';

const NOISE_SIGMA = 8;

export async function makeScans(src: string, out: string): Promise<number> {
  mkdirSync(out, { recursive: true });
  let made = 0;
  for (const name of readdirSync(src)
    .filter((n) => n.endsWith('.expected.json'))
    .sort()) {
    const stem = name.slice(0, -'.expected.json'.length);
    const expected = readFileSync(path.join(src, name), 'utf8');
    const pdf = path.join(src, `${stem}.pdf`);
    if (!/"kind":\s*"pdf_text"/.test(expected) || !existsSync(pdf)) continue;
    const target = path.join(out, `${stem}-scan.pdf`);
    if (!existsSync(target)) await renderScan(pdf, target, seedOf(stem));
    writeFileSync(
      path.join(out, `${stem}-scan.expected.json`),
      expected.replace(/"kind":\s*"pdf_text"/, '"kind": "scan"'),
    );
    made++;
  }
  return made;
}

export async function renderScan(pdf: string, target: string, seed: number): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'intake-scan-'));
  try {
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', pdf, path.join(tmp, 'p')]);
    const pages = readdirSync(tmp)
      .filter((n) => n.endsWith('.png'))
      .sort();
    const random = createRandom(seed);
    const jpegs: string[] = [];
    for (const page of pages) {
      const { data, info } = await sharp(path.join(tmp, page))
        .greyscale()
        .rotate(0.7, { background: '#ffffff' })
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i += info.channels) {
        const v = data[i]! + random.gaussian() * NOISE_SIGMA;
        data.fill(Math.max(0, Math.min(255, Math.round(v))), i, i + info.channels);
      }
      const jpeg = path.join(tmp, `${page}.jpg`);
      await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .greyscale()
        .jpeg({ quality: 90 })
        .toFile(jpeg);
      jpegs.push(jpeg);
    }
    execFileSync('img2pdf', [...jpegs, '-o', target]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [src, out] = process.argv.slice(2);
  if (!src || !out) throw new Error('usage: make-scans.ts SRC_DIR OUT_DIR');
  console.log(`${await makeScans(src, out)} scans in ${out}`);
}
