/**
 * The dashboard's browser tests' page helpers: pages in contexts of their own, sign-in, the
 * sidebar, axe-core checks, screenshots under test/results/dashboard and raw GETs.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';
import { eventually } from '../support/wait.js';

const SHOTS = path.join(REPO_ROOT, 'test', 'results', 'dashboard');
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Opens pages of the dashboard, each in a browser context of its own (its own cookies). */
export interface PageOpener {
  newPage(): Promise<Page>;
  closeAll(): Promise<void>;
}

export function openPages(browser: Browser, baseURL: string): PageOpener {
  const contexts: BrowserContext[] = [];
  return {
    newPage: () => newPage(browser, baseURL, contexts),
    async closeAll() {
      for (const c of contexts) await c.close().catch(() => {});
    },
  };
}

async function newPage(browser: Browser, baseURL: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  // Generous: CI machines and this one run several browsers and daemons at once.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  (page as Page & { cspViolations: string[] }).cspViolations = cspViolations;
  return page;
}

/** Opens a screen from the sidebar, by its exact name ("Documents" is not "Documents to review"). */
export const go = (page: Page, screen: string): Promise<void> =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: screen, exact: true }).click();

export async function signIn(page: Page, key: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/**
 * axe-core in the page: no serious or critical violation. Evaluated through the debugger, not as an
 * inline script (the CSP forbids those), and once per document: the dashboard changes screens
 * without loading a new one, and a second evaluation would parse its 550 kB again. Every rule runs;
 * `resultTypes: ['violations']` only spares axe the selectors and markup of the elements that
 * passed or did not apply, which it would compute for results nobody reads here.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          // One argument that is no context is axe's options; the context is then the whole document.
          run(options: {
            resultTypes: string[];
          }): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `${screen}: ${JSON.stringify(bad, null, 2)}`).toEqual([]);
}

/**
 * Every button on the screen that removes, deletes, revokes or rejects wears the danger style (red
 * text and border, not the primary blue); returns their texts, so a caller can check it saw the ones
 * it means (a screen without any would pass unseen).
 */
export async function expectDestructiveLooksDestructive(page: Page, screen: string): Promise<string[]> {
  const buttons = await page.evaluate<{ text: string; danger: boolean }[]>(`[...document.querySelectorAll('button')]
    .map((b) => ({ text: b.textContent.trim().replace(/\\s+/g, ' '), danger: b.classList.contains('danger') }))
    .filter((b) => /^(Remove|Delete|Revoke|Reject)\\b/.test(b.text))`);
  expect(
    buttons.filter((b) => !b.danger).map((b) => b.text),
    `${screen}: destructive buttons not styled as such`,
  ).toEqual([]);
  return buttons.map((b) => b.text);
}

/**
 * The whole page, or with `window` what the window shows. A whole-page picture of a scrolled page
 * draws a `position: sticky` part (the review screen's page on a phone) where the window is
 * scrolled to, leaving a hole where it was laid out: picture such a screen as its window.
 */
export async function shot(page: Page, name: string, options: { window?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !options.window });
}

export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

/** No screen is wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scrollWidth, innerWidth, wide] = await page.evaluate<[number, number, string[]]>(`[
    document.documentElement.scrollWidth,
    window.innerWidth,
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 6)
      .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).replace(/ /g, '.') : '') + ' ' + Math.round(e.getBoundingClientRect().right)),
  ]`);
  // The message names the elements that reach past the right edge.
  expect(scrollWidth, `${where} at ${innerWidth} px: ${wide.join(', ')}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * The page picture's box once it has loaded and been laid out. Before, it has no height, and a click
 * computed from its box lands on its top edge, where no word is. (A string handed to
 * `locator.evaluate` is evaluated, not called: `'(img) => img.decode()'` waited for nothing.)
 */
export async function laidOut(img: Locator) {
  let seen = '';
  return eventually(
    () => `the page picture laid out; last seen: ${seen}`,
    async () => {
      const box = await img.boundingBox();
      const loaded = await img
        .page()
        .evaluate<boolean>(
          `(() => { const i = document.querySelector('.review-canvas img'); return !!i && i.complete && i.naturalWidth > 0; })()`,
        );
      seen = `loaded ${loaded}, box ${JSON.stringify(box)}`;
      return loaded && box && box.height > 0 ? box : undefined;
    },
    // The daemon draws the page the first time it is asked for; on a loaded machine that takes a while.
    { timeoutMs: 90_000, intervalMs: 100 },
  );
}
