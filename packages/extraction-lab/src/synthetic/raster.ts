import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Random } from './random.js';

/**
 * A text PDF made into a picture of paper: a phone photo (colour, turned a few degrees, blurred,
 * noisy, a JPEG of middling quality) or a scan (grey, turned under a degree and a half, light noise,
 * an image-only PDF). Rasterises with pdftoppm and writes the scan's PDF with img2pdf (Debian:
 * poppler-utils, img2pdf); the image steps are sharp's. What was done is returned for the notes.
 */
export interface Degradation {
  dpi: number;
  angle: number;
  blur: number;
  noise: number;
  quality: number;
}

export async function photograph(pdf: Uint8Array, random: Random): Promise<{ bytes: Uint8Array; steps: Degradation }> {
  const steps: Degradation = {
    dpi: random.int(110, 170),
    angle: round((random.next() * 2 - 1) * 4),
    blur: round(0.3 + random.next() * 1.1),
    noise: random.int(4, 14),
    quality: random.int(40, 85),
  };
  const png = rasterise(pdf, steps.dpi, false);
  // A table or desk around the paper: a grey-brown the photo's edge shows after the turn.
  const background = { r: random.int(90, 170), g: random.int(80, 150), b: random.int(60, 130) };
  const turned = await sharp(png)
    .rotate(steps.angle, { background })
    .blur(steps.blur)
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(turned.data, steps.noise, random);
  const bytes = await sharp(turned.data, { raw: turned.info }).jpeg({ quality: steps.quality }).toBuffer();
  return { bytes: new Uint8Array(bytes), steps };
}

export async function scan(pdf: Uint8Array, random: Random): Promise<{ bytes: Uint8Array; steps: Degradation }> {
  const steps: Degradation = {
    dpi: random.pick([150, 200, 300]),
    angle: round((random.next() * 2 - 1) * 1.5),
    blur: round(random.next() * 0.6),
    noise: random.int(3, 10),
    quality: random.int(60, 92),
  };
  // Each page is scanned with the same steps (a multi-page document goes through the feeder once).
  const jpegs: Buffer[] = [];
  for (const png of rasterisePages(pdf, steps.dpi, true)) {
    let image = sharp(png).greyscale().rotate(steps.angle, { background: '#ffffff' });
    if (steps.blur >= 0.3) image = image.blur(steps.blur);
    const turned = await image.raw().toBuffer({ resolveWithObject: true });
    addNoise(turned.data, steps.noise, random);
    jpegs.push(await sharp(turned.data, { raw: turned.info }).greyscale().jpeg({ quality: steps.quality }).toBuffer());
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'intake-synth-'));
  try {
    const files = jpegs.map((jpeg, i) => {
      const file = path.join(tmp, i === 0 ? 'p.jpg' : `p${i + 1}.jpg`);
      writeFileSync(file, jpeg);
      return file;
    });
    // --imgsize: the page at paper size (sharp's JPEG says 72 dpi, which made a 300 dpi A4 scan a
    // page four times too large, refused by the reader). No timestamps, and the internal engine:
    // the pikepdf one writes a random /ID even with --nodate.
    execFileSync('img2pdf', [
      '--imgsize',
      `${steps.dpi}dpi`,
      '--engine',
      'internal',
      '--nodate',
      ...files,
      '-o',
      path.join(tmp, 'scan.pdf'),
    ]);
    return { bytes: new Uint8Array(readFileSync(path.join(tmp, 'scan.pdf'))), steps };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Every page of the PDF as a PNG, in page order; the first `pages` only when given. */
function rasterisePages(pdf: Uint8Array, dpi: number, grey: boolean, pages?: number): Buffer[] {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'intake-synth-'));
  try {
    writeFileSync(path.join(tmp, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      ...(grey ? ['-gray'] : []),
      ...(pages ? ['-f', '1', '-l', String(pages)] : []),
      '-png',
      path.join(tmp, 'in.pdf'),
      path.join(tmp, 'p'),
    ]);
    // p-1.png, p-2.png (or p-01.png ...): the number after the dash orders them.
    const files = readdirSync(tmp)
      .filter((n) => n.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)![1]) - Number(/(\d+)\.png$/.exec(b)![1]));
    if (!files.length) throw new Error('pdftoppm made no image');
    return files.map((file) => readFileSync(path.join(tmp, file)));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The first page as a PNG (a photo is of one page). */
function rasterise(pdf: Uint8Array, dpi: number, grey: boolean): Buffer {
  return rasterisePages(pdf, dpi, grey, 1)[0]!;
}

function addNoise(data: Buffer, sigma: number, random: Random): void {
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + random.gaussian() * sigma)));
}

const round = (v: number) => Math.round(v * 100) / 100;
