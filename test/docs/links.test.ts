/**
 * Every relative link of README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**.md reaches a file
 * that exists and, with `#anchor`, a heading of that file; docs/README.md indexes every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';
import { anchorsOf, handbookFiles, linksOf, readDoc } from './markdown.js';

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('handbook links', () => {
  it.each(handbookFiles())('%s: every relative link resolves, anchors included', (file) => {
    const broken: string[] = [];
    for (const { target, line } of linksOf(readDoc(file))) {
      if (isExternal(target)) continue;
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved =
        pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      const full = path.join(REPO_ROOT, resolved);
      if (!fs.existsSync(full)) {
        broken.push(`${file}:${line}: ${target} (no such file)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith('.md') || fs.statSync(full).isDirectory()) {
        broken.push(`${file}:${line}: ${target} (an anchor into a file that is not Markdown)`);
        continue;
      }
      if (!anchorsOf(readDoc(resolved)).has(anchor)) broken.push(`${file}:${line}: ${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('docs/README.md links every page of docs/, and the pages not yet merged', () => {
    const index = new Set(
      linksOf(readDoc('docs/README.md')).map(({ target }) => path.posix.join('docs', target.split('#')[0]!)),
    );
    const pages = handbookFiles().filter((file) => file.startsWith('docs/') && file !== 'docs/README.md');
    expect(pages.filter((page) => !index.has(page))).toEqual([]);
  });
});
