/** Reading the handbook's Markdown for the docs tests: its files, headings, links and sections. */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes.js';

/** Every Markdown file users read: the top-level three and docs/**, paths from the repository root. */
export function handbookFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

export const readDoc = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The text with fenced code blocks and inline code blanked, so that examples are not read as Markdown. */
const prose = (text: string) =>
  text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
export const slug = (title: string) =>
  title
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The anchors a file's headings make, a repeated one numbered as GitHub does (`-1`, `-2`). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Link and image targets outside code, with their line numbers. */
export function linksOf(text: string): { target: string; line: number }[] {
  const lines = prose(text).split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
      target: m[1]!,
      line: index + 1,
    })),
  );
}

/** The `## heading` section of a file, up to the next `## ` heading. */
export function section(text: string, heading: string): string | undefined {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start === -1) return undefined;
  const end = text.indexOf('\n## ', start + 4);
  return text.slice(start, end === -1 ? undefined : end);
}
