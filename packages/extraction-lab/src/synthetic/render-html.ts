import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { Random } from './random.js';

/**
 * Prints HTML to PDF with Chromium (Skia's PDF backend, as Puppeteer-made invoices are), headless,
 * through playwright-core with the system's binary: the second producer of the synthetic stranger
 * documents (`synth --producer chromium`). One browser serves a whole run.
 */
export interface HtmlPrinter {
  print(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Debian's Chromium: the real binary rather than the /usr/bin wrapper script, when it is there. */
const CHROMIUM_PATHS = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export const chromiumPath = (): string | undefined => CHROMIUM_PATHS.find((p) => existsSync(p));

export async function openHtmlPrinter(executablePath = chromiumPath()): Promise<HtmlPrinter> {
  if (!executablePath)
    throw new Error(`Chromium is missing (looked for ${CHROMIUM_PATHS.join(', ')}): install Debian's chromium`);
  const browser: Browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  const context = await browser.newContext({ offline: true });
  return {
    async print(html) {
      const page = await context.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        return withoutDates(new Uint8Array(pdf));
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}

/**
 * The same bytes for the same HTML: Skia writes the print's time as /CreationDate and /ModDate;
 * each date's digits are overwritten in place (same length, so the cross-reference offsets hold).
 */
function withoutDates(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const fixed = text.replace(/\/(CreationDate|ModDate) \(D:\d{14}/g, (_m, key: string) => `/${key} (D:20240101000000`);
  return new Uint8Array(Buffer.from(fixed, 'latin1'));
}

/**
 * The words the pdf-lib twin printed, for the HTML page to print the same: `recording` passes
 * `random` through and keeps each pick by the list it came from (by its content); `replaying`
 * answers a pick from a list the twin picked from with the twin's picks in order, and any other
 * draw from `own`.
 */
export function recordingPicks(random: Random): { random: Random; picks: Map<string, unknown[]> } {
  const picks = new Map<string, unknown[]>();
  return {
    picks,
    random: {
      ...random,
      pick<T>(list: readonly T[]): T {
        const value = random.pick(list);
        const key = listKey(list);
        picks.set(key, [...(picks.get(key) ?? []), value]);
        return value;
      },
    },
  };
}

export function replayingPicks(own: Random, picks: ReadonlyMap<string, unknown[]>): Random {
  const left = new Map([...picks].map(([key, values]) => [key, [...values]]));
  return {
    ...own,
    pick<T>(list: readonly T[]): T {
      const queue = left.get(listKey(list));
      return queue?.length ? (queue.shift() as T) : own.pick(list);
    },
  };
}

const listKey = (list: readonly unknown[]) => list.map(String).join('\u0000');
